import { createEvent } from "@tubedigest/contracts";
import { HttpError } from "@tubedigest/http/http-error";
import { RecipientRepository } from "../store/recipient-repository.ts";
import type { MailerContext } from "./mailer-context.ts";
import { userOfUnsubscribeToken } from "./unsubscribe-token.ts";

export const INVALID_UNSUBSCRIBE_LINK =
  "This unsubscribe link is not valid. Please use the link in your latest e-mail, or change your e-mails in your settings.";

/**
 * One click in an e-mail stops (or, undone, restarts) the weekly digest for the user its token names, at
 * once and without a session; the services that send digests learn it by event. Clicking twice changes
 * nothing the second time.
 */
export async function setDigestSubscription(
  context: MailerContext,
  input: { token: string; subscribed: boolean; correlationId: string },
): Promise<{ userId: string; email: string }> {
  const userId = userOfUnsubscribeToken(context.unsubscribeKey, input.token);
  if (!userId) throw new HttpError(400, INVALID_UNSUBSCRIBE_LINK);
  return context.db.transaction().execute(async (trx) => {
    const recipients = new RecipientRepository(trx);
    const recipient = await recipients.find(userId);
    if (!recipient) throw new HttpError(404, INVALID_UNSUBSCRIBE_LINK);
    const now = context.now();
    if (await recipients.setUnsubscribed(userId, input.subscribed ? null : now)) {
      const name = input.subscribed ? "digest.resubscribed" : "digest.unsubscribed";
      await context.recordEvent(
        trx,
        createEvent(name, { userId, at: now.toISOString() }, { correlationId: input.correlationId }),
      );
    }
    return { userId, email: recipient.email };
  });
}
