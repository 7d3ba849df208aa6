import type { MailerContext } from "./mailer-context.ts";
import { readerOfUnsubscribeLink } from "./reader-of-unsubscribe-link.ts";
import { recordDigestSubscription } from "./record-digest-subscription.ts";

/**
 * One click in an e-mail stops (or, undone, restarts) the weekly digest for the reader its link acts for
 * (readerOfUnsubscribeLink), at once and without a session. Answers the reader as they now stand, so the
 * page can say what the click did not change (a plan that goes on).
 */
export async function setDigestSubscription(
  context: MailerContext,
  input: { token: string; subscribed: boolean; correlationId: string },
): Promise<{ userId: string; email: string; paying: boolean }> {
  return context.db.transaction().execute(async (trx) => {
    const reader = await readerOfUnsubscribeLink(context, trx, input.token);
    await recordDigestSubscription(context, trx, {
      userId: reader.user_id,
      subscribed: input.subscribed,
      correlationId: input.correlationId,
    });
    return { userId: reader.user_id, email: reader.email, paying: reader.paying };
  });
}
