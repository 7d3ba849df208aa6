import { ProfileReply } from "@tubedigest/contracts/reader-settings";
import { ErrorReply, HttpError, requireCaller, type ServiceApp } from "@tubedigest/http";
import type { AuthContext } from "../domain/auth-context.ts";
import { checkTimeZone } from "../domain/check-time-zone.ts";
import { messages } from "../domain/messages.ts";
import { updateProfile } from "../domain/update-profile.ts";
import { type User, UserRepository } from "../store/user-repository.ts";
import { AccountReply, ProfileBody, toAccount, toProfile } from "./schemas.ts";

const errors = { "4xx": ErrorReply, "5xx": ErrorReply };

/** The signed-in user's own account: the profile screen, and auth's part of `current-user`. */
export function registerAccountRoutes(app: ServiceApp, context: AuthContext): void {
  app.get("/api/user/profile", { schema: { response: { 200: ProfileReply, ...errors } } }, async (request) =>
    toProfile(await signedInUser(context, requireCaller(request))),
  );

  app.patch(
    "/api/user/profile",
    { schema: { body: ProfileBody, response: { 200: ProfileReply, ...errors } } },
    async (request) => {
      const { timeZone, summaryLanguage } = request.body;
      const fullName = request.body.fullName?.trim() || null;
      const user = await updateProfile(context, {
        userId: requireCaller(request),
        email: request.body.email.trim(),
        fullName,
        timeZone: timeZone === undefined ? undefined : checkTimeZone(timeZone),
        summaryLanguage,
        correlationId: request.id,
      });
      return toProfile(user);
    },
  );

  // Read by the gateway to compose /api/auth/current-user; not routed from outside.
  app.get(
    "/internal/account-summary",
    { schema: { response: { 200: AccountReply, ...errors } } },
    async (request) => toAccount(await signedInUser(context, requireCaller(request))),
  );
}

async function signedInUser(context: AuthContext, userId: string): Promise<User> {
  const user = await new UserRepository(context.db).findById(userId);
  if (!user) throw new HttpError(404, messages.accountGone);
  return user;
}
