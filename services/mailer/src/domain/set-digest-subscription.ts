import { createEvent } from "@tubedigest/contracts";
import { RecipientRepository } from "../store/recipient-repository.ts";
import type { MailerContext } from "./mailer-context.ts";
import { readerOfUnsubscribeLink } from "./reader-of-unsubscribe-link.ts";

/**
 * One click in an e-mail stops (or, undone, restarts) the weekly digest for the reader its link acts for
 * (readerOfUnsubscribeLink), at once and without a session; the services that send digests learn it by
 * event. Clicking twice changes nothing the second time.
 */
export async function setDigestSubscription(
  context: MailerContext,
  input: { token: string; subscribed: boolean; correlationId: string },
): Promise<{ userId: string; email: string }> {
  return context.db.transaction().execute(async (trx) => {
    const { user_id: userId, email } = await readerOfUnsubscribeLink(context, trx, input.token);
    const now = context.now();
    if (await new RecipientRepository(trx).setUnsubscribed(userId, input.subscribed ? null : now)) {
      const name = input.subscribed ? "digest.resubscribed" : "digest.unsubscribed";
      await context.recordEvent(
        trx,
        createEvent(name, { userId, at: now.toISOString() }, { correlationId: input.correlationId }),
      );
    }
    return { userId, email };
  });
}
