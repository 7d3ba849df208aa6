import { optionalClaimHolder, optionalUserId, type ServiceApp } from "@tubedigest/http";
import type { MailerContext } from "../domain/mailer-context.ts";
import { requestAbandonmentEmail } from "../domain/request-abandonment-email.ts";
import { AbandonmentBody, errors, MessageReply } from "./schemas.ts";

/** The same answer whether a message went out, was throttled or was not wanted: it reveals no account. */
const RECEIVED = "Thanks. Your request was received.";

/**
 * The abandonment call (docs/product.md#the-abandonment-e-mail), made by the preview page when a visitor
 * leaves without a plan. It acts only for the visitor's own account (signed in, or the claim on the one their
 * browser made); the body's channel name and bullets are hints only and are not used: the e-mail is written
 * from the preview the summariser recorded.
 */
export function registerAbandonmentRoutes(app: ServiceApp, context: MailerContext): void {
  app.post(
    "/api/send-abandonment-email",
    { schema: { body: AbandonmentBody, response: { 202: MessageReply, ...errors } } },
    async (request, reply) => {
      const outcome = await requestAbandonmentEmail(context, {
        userId: optionalUserId(request) ?? optionalClaimHolder(request),
        email: request.body.email,
      });
      request.log.info({ outcome }, "abandonment e-mail requested");
      return reply.code(202).send({ message: RECEIVED });
    },
  );
}
