import type { ServiceApp } from "@tubedigest/http";
import { HttpError } from "@tubedigest/http/http-error";
import Type from "typebox";
import type { BillingContext } from "../domain/billing-context.ts";
import { handleCardEvent } from "../domain/handle-card-event.ts";
import { messages } from "../domain/messages.ts";
import { errors, WebhookReply } from "./schemas.ts";

/** Stripe's events can be larger than a browser's requests. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * `POST /api/webhooks/stripe`. Its signature covers the exact bytes Stripe sent, so this route alone
 * keeps the body as a buffer instead of parsing it.
 */
export function registerWebhookRoutes(app: ServiceApp, context: BillingContext): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      "/api/webhooks/stripe",
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          headers: Type.Object({ "stripe-signature": Type.Optional(Type.String({ maxLength: 4096 })) }),
          response: { 200: WebhookReply, ...errors },
        },
      },
      async (request) => {
        const signature = request.headers["stripe-signature"];
        if (typeof signature !== "string" || !Buffer.isBuffer(request.body)) {
          throw new HttpError(400, messages.badSignature);
        }
        const outcome = await handleCardEvent(context, {
          rawBody: request.body,
          signature,
          correlationId: request.id,
        });
        return { received: true, outcome };
      },
    );
  });
}
