import { EmailDeliveryReply } from "@tubedigest/contracts/reader-settings";
import { requireUserId, type ServiceApp } from "@tubedigest/http";
import type { MailerContext } from "../domain/mailer-context.ts";
import { recordDigestSubscription } from "../domain/record-digest-subscription.ts";
import { type Recipient, RecipientRepository } from "../store/recipient-repository.ts";
import { errors } from "./schemas.ts";

/** The signed-in reader's e-mail delivery: off after an e-mail's unsubscribe, on again from settings. */
export const EMAIL_DELIVERY_PATH = "/api/user/email-delivery";

/** A reader the mailer has not heard of yet (their sign-up's event is on its way) is sent e-mail. */
const standing = (reader: Recipient | undefined): EmailDeliveryReply => ({
  on: !reader?.unsubscribed_at,
  offSince: reader?.unsubscribed_at?.toISOString() ?? null,
});

/** Whether the weekly digest is e-mailed at all, and turning it back on (the settings' and dashboard's). */
export function registerEmailDeliveryRoutes(app: ServiceApp, context: MailerContext): void {
  app.get(
    EMAIL_DELIVERY_PATH,
    { schema: { response: { 200: EmailDeliveryReply, ...errors } } },
    async (request) => standing(await new RecipientRepository(context.db).find(requireUserId(request))),
  );

  // Turning e-mail back on undoes the unsubscribe, as the unsubscribe page's own 'Re-subscribe' does.
  app.post(
    `${EMAIL_DELIVERY_PATH}/resume`,
    { schema: { response: { 200: EmailDeliveryReply, ...errors } } },
    async (request) => {
      const userId = requireUserId(request);
      return context.db.transaction().execute(async (trx) => {
        await recordDigestSubscription(context, trx, { userId, subscribed: true, correlationId: request.id });
        return standing(await new RecipientRepository(trx).find(userId));
      });
    },
  );
}
