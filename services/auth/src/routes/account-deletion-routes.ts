import { END_ALL_SESSIONS_HEADER, ErrorReply, requireCaller, type ServiceApp } from "@tubedigest/http";
import type { AuthContext } from "../domain/auth-context.ts";
import { deleteAccount } from "../domain/delete-account.ts";
import { messages } from "../domain/messages.ts";
import { NoticeReply } from "./schemas.ts";
import { AccountDeletionBody } from "./settings-schemas.ts";

const errors = { "4xx": ErrorReply, "5xx": ErrorReply };

/** Settings: the owner deletes the account (its address typed, its password given); the browser is signed out. */
export function registerAccountDeletionRoutes(app: ServiceApp, context: AuthContext): void {
  app.delete(
    "/api/user/account",
    { schema: { body: AccountDeletionBody, response: { 200: NoticeReply, ...errors } } },
    async (request, reply) => {
      const userId = requireCaller(request);
      await deleteAccount(context, {
        userId,
        confirmEmail: request.body.email.trim(),
        currentPassword: request.body.currentPassword,
        correlationId: request.id,
      });
      return reply.header(END_ALL_SESSIONS_HEADER, userId).send({ message: messages.accountDeleted });
    },
  );
}
