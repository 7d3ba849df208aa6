import { ErrorReply, requireCaller, type ServiceApp } from "@tubedigest/http";
import type { AuthContext } from "../domain/auth-context.ts";
import { confirmEmailChange } from "../domain/confirm-email-change.ts";
import { lookUpEmailChange } from "../domain/look-up-email-change.ts";
import { messages } from "../domain/messages.ts";
import { requestEmailChange } from "../domain/request-email-change.ts";
import { NoticeReply } from "./schemas.ts";
import {
  EmailChangeBody,
  EmailChangeConfirmBody,
  EmailChangedReply,
  EmailChangePreviewReply,
} from "./settings-schemas.ts";

const errors = { "4xx": ErrorReply, "5xx": ErrorReply };

/** Settings: moving the account to another address, which takes effect once the link mailed there is followed. */
export function registerEmailChangeRoutes(app: ServiceApp, context: AuthContext): void {
  app.post(
    "/api/user/email",
    { schema: { body: EmailChangeBody, response: { 202: NoticeReply, ...errors } } },
    async (request, reply) => {
      const newEmail = request.body.email.trim();
      await requestEmailChange(context, {
        userId: requireCaller(request),
        newEmail,
        currentPassword: request.body.currentPassword,
        correlationId: request.id,
      });
      return reply.status(202).send({ message: messages.emailChangeSent(newEmail) });
    },
  );

  // Read-only: the link's page shows the new address and spends the link only on the person's click.
  app.post(
    "/api/user/email/confirm/preview",
    { schema: { body: EmailChangeConfirmBody, response: { 200: EmailChangePreviewReply, ...errors } } },
    async (request) => lookUpEmailChange(context, { token: request.body.token }),
  );

  // The link's page posts its token on the click: the link itself is the authority, signed in or not.
  app.post(
    "/api/user/email/confirm",
    { schema: { body: EmailChangeConfirmBody, response: { 200: EmailChangedReply, ...errors } } },
    async (request) => {
      const user = await confirmEmailChange(context, {
        token: request.body.token,
        correlationId: request.id,
      });
      return { email: user.email, message: messages.emailChanged(user.email) };
    },
  );
}
