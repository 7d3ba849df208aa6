import {
  END_OTHER_SESSIONS_HEADER,
  ErrorReply,
  SESSION_USER_HEADER,
  type ServiceApp,
} from "@tubedigest/http";
import type { AuthContext } from "../domain/auth-context.ts";
import { lookUpSignInLink } from "../domain/look-up-sign-in-link.ts";
import { messages } from "../domain/messages.ts";
import { requestMailedLink } from "../domain/request-mailed-link.ts";
import { resetPassword } from "../domain/reset-password.ts";
import {
  EmailOnlyBody,
  NoticeReply,
  PasswordResetBody,
  PasswordResetLinkBody,
  SignInLinkAccountReply,
} from "./schemas.ts";

const errors = { "4xx": ErrorReply, "5xx": ErrorReply };

/** "Forgot password?": a link mailed to the address, whose page sets a new password and signs in. */
export function registerPasswordResetRoutes(app: ServiceApp, context: AuthContext): void {
  app.post(
    "/api/auth/password-reset",
    { schema: { body: EmailOnlyBody, response: { 202: NoticeReply, ...errors } } },
    async (request, reply) => {
      await requestMailedLink(context, {
        email: request.body.email.trim(),
        purpose: "password-reset",
        correlationId: request.id,
      });
      return reply.status(202).send({ message: messages.passwordResetRequested });
    },
  );

  // Read-only: the link's page shows whose password it sets before anything is spent.
  app.post(
    "/api/auth/password-reset/preview",
    { schema: { body: PasswordResetLinkBody, response: { 200: SignInLinkAccountReply, ...errors } } },
    async (request) => lookUpSignInLink(context, { token: request.body.token, purpose: "password-reset" }),
  );

  app.post(
    "/api/auth/reset-password",
    { schema: { body: PasswordResetBody, response: { 200: NoticeReply, ...errors } } },
    async (request, reply) => {
      const user = await resetPassword(context, {
        token: request.body.token,
        newPassword: request.body.newPassword,
        correlationId: request.id,
      });
      return reply
        .header(SESSION_USER_HEADER, user.id)
        .header(END_OTHER_SESSIONS_HEADER, user.id)
        .send({ message: messages.passwordReset });
    },
  );
}
