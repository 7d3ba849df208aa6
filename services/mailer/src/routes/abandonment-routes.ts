import type { ServiceApp } from "@tubedigest/http";
import type { MailerContext } from "../domain/mailer-context.ts";
import { requestAbandonmentEmail } from "../domain/request-abandonment-email.ts";
import { AbandonmentBody, errors, MessageReply } from "./schemas.ts";

/** The same answer whether a message went out, was throttled or was not wanted: it reveals no account. */
const RECEIVED = "Thanks. Your request was received.";

/** SPEC §7's abandonment call, made by the preview page when a visitor leaves without a plan. */
export function registerAbandonmentRoutes(app: ServiceApp, context: MailerContext): void {
  app.post(
    "/api/send-abandonment-email",
    { schema: { body: AbandonmentBody, response: { 202: MessageReply, ...errors } } },
    async (request, reply) => {
      const queued = await requestAbandonmentEmail(context, request.body);
      request.log.info({ queued }, "abandonment e-mail requested");
      return reply.code(202).send({ message: RECEIVED });
    },
  );
}
