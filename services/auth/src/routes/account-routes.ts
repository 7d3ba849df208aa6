import { ErrorReply, HttpError, normaliseEmail, requireCaller, type ServiceApp } from "@tubedigest/http";
import type { AuthContext } from "../domain/auth-context.ts";
import { messages } from "../domain/messages.ts";
import { updateProfile } from "../domain/update-profile.ts";
import { UserRepository } from "../store/user-repository.ts";
import { AccountReply, ProfileBody, toAccount } from "./schemas.ts";

const errors = { "4xx": ErrorReply, "5xx": ErrorReply };

/** The signed-in user's own account: the profile screen, and auth's part of `current-user`. */
export function registerAccountRoutes(app: ServiceApp, context: AuthContext): void {
  app.patch(
    "/api/user/profile",
    { schema: { body: ProfileBody, response: { 200: AccountReply, ...errors } } },
    async (request) => {
      const fullName = request.body.fullName?.trim() || null;
      const user = await updateProfile(context, {
        userId: requireCaller(request),
        email: normaliseEmail(request.body.email),
        fullName,
        correlationId: request.id,
      });
      return toAccount(user);
    },
  );

  // Read by the gateway to compose /api/auth/current-user; not routed from outside.
  app.get(
    "/internal/account-summary",
    { schema: { response: { 200: AccountReply, ...errors } } },
    async (request) => {
      const user = await new UserRepository(context.db).findById(requireCaller(request));
      if (!user) throw new HttpError(404, messages.accountGone);
      return toAccount(user);
    },
  );
}
