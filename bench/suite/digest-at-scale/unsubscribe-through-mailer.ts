import {
  unsubscribeKeyFrom,
  unsubscribeToken,
} from "../../../services/mailer/src/domain/unsubscribe-token.ts";

/**
 * Unsubscribes users the way a reader does, with the one-click POST of an earlier digest's link: the
 * mailer marks them and announces digest.unsubscribed, which the summariser's read model takes.
 */
export async function unsubscribeThroughMailer(
  mailerPort: number,
  identitySecret: string,
  userIds: readonly string[],
): Promise<void> {
  const key = unsubscribeKeyFrom(identitySecret);
  for (const userId of userIds) {
    const token = encodeURIComponent(unsubscribeToken(key, userId));
    const response = await fetch(`http://127.0.0.1:${mailerPort}/api/unsubscribe?token=${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    if (!response.ok) throw new Error(`unsubscribing ${userId} answered ${response.status}`);
  }
}
