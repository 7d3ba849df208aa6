/**
 * How auth asks the gateway to sign a browser in: it answers with this header holding the user id, and
 * the gateway starts a fresh session for that user and removes the header before the browser sees it.
 * The gateway honours it only on answers from auth.
 */
export const SESSION_USER_HEADER = "x-tubedigest-session-user";

/**
 * How auth asks the gateway to end every session of a user but the one this answer goes to: it answers
 * with this header holding the user id when a password is set or changed, or an address is proven, so
 * whoever signed in before that moment is signed out. Like the session directive, honoured only on
 * answers from auth and removed before the browser sees it.
 */
export const END_OTHER_SESSIONS_HEADER = "x-tubedigest-end-other-sessions";

/**
 * Auth's proof that a browser made a password-less account. Auth signs and reads it; the gateway only
 * clears it at sign-out, so the next person at that browser is not signed in by it.
 */
export const CLAIM_COOKIE = { name: "td_claim", path: "/api/auth" } as const;
