import {
  END_OTHER_SESSIONS_HEADER,
  ErrorReply,
  HttpError,
  requireCaller,
  type ServiceApp,
} from "@tubedigest/http";
import type { AuthContext } from "../domain/auth-context.ts";
import { changePassword } from "../domain/change-password.ts";
import { messages } from "../domain/messages.ts";
import { UserRepository } from "../store/user-repository.ts";
import { NoticeReply } from "./schemas.ts";
import { PasswordChangeBody, PasswordStateReply } from "./settings-schemas.ts";

const errors = { "4xx": ErrorReply, "5xx": ErrorReply };

/** Settings: the signed-in owner sets a first password or changes it; every other session ends. */
export function registerPasswordRoutes(app: ServiceApp, context: AuthContext): void {
  app.get(
    "/api/user/password",
    { schema: { response: { 200: PasswordStateReply, ...errors } } },
    async (request) => {
      const user = await new UserRepository(context.db).findById(requireCaller(request));
      if (!user) throw new HttpError(404, messages.accountGone);
      return { hasPassword: user.password_hash !== null };
    },
  );

  app.post(
    "/api/user/password",
    { schema: { body: PasswordChangeBody, response: { 200: NoticeReply, ...errors } } },
    async (request, reply) => {
      const { user, firstPassword } = await changePassword(context, {
        userId: requireCaller(request),
        currentPassword: request.body.currentPassword,
        newPassword: request.body.newPassword,
        correlationId: request.id,
      });
      return reply
        .header(END_OTHER_SESSIONS_HEADER, user.id)
        .send({ message: firstPassword ? messages.firstPasswordSet : messages.passwordChanged });
    },
  );
}
