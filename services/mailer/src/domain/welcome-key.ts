/** The welcome e-mail's natural key: one per account, and what tells whether it went out lately. */
export const welcomeKey = (userId: string) => `welcome:${userId}`;
