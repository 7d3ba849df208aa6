import type { ServiceApp } from "@tubedigest/http";
import type { MailerContext } from "../domain/mailer-context.ts";
import { SuppressionRepository } from "../store/suppression-repository.ts";
import { errors, MessageReply, SuppressionBody } from "./schemas.ts";

/** What other code asks of the mailer inside the network; the gateway routes none of it. */
export function registerInternalRoutes(app: ServiceApp, context: MailerContext): void {
  // The suppression list, for whoever learns an address must get no more mail (bounces, complaints).
  app.post(
    "/internal/suppressions",
    { schema: { body: SuppressionBody, response: { 200: MessageReply, ...errors } } },
    async (request) => {
      await new SuppressionRepository(context.db).suppress(request.body.email, request.body.reason);
      return { message: "No more mail goes to this address." };
    },
  );
}
