import { CALLER_HEADER, ErrorReply, HttpError, type ServiceApp } from "@tubedigest/http";
import Type from "typebox";

const CurrentUser = Type.Object({
  email: Type.String(),
  fullName: Type.Union([Type.String(), Type.Null()]),
  subscriptionStatus: Type.Union([Type.String(), Type.Null()]),
  subscriptionPlan: Type.Union([Type.String(), Type.Null()]),
  channelCount: Type.Integer(),
});

const NOT_SIGNED_IN = "You are not signed in.";
const OWNER_TIMEOUT_MS = 3_000;

/**
 * The routes about the session itself, which only the gateway holds: who is signed in (SPEC §3 current
 * user, composed from the services that own each part) and signing out.
 */
export function registerSessionRoutes(app: ServiceApp, upstreams: { auth: string }): void {
  app.get(
    "/api/auth/current-user",
    { schema: { response: { 200: CurrentUser, "4xx": ErrorReply, "5xx": ErrorReply } } },
    async (request) => {
      const userId = request.session.userId;
      if (!userId) throw new HttpError(401, NOT_SIGNED_IN);
      const answer = await fetch(`${upstreams.auth}/internal/account-summary`, {
        headers: { [CALLER_HEADER]: userId, "x-request-id": request.id },
        signal: AbortSignal.timeout(OWNER_TIMEOUT_MS),
      });
      if (answer.status === 404) {
        await request.session.destroy();
        throw new HttpError(401, NOT_SIGNED_IN);
      }
      if (!answer.ok)
        throw new HttpError(503, "Your account cannot be loaded right now. Please try again in a moment.");
      const account = (await answer.json()) as { email: string; fullName: string | null };
      // Billing and catalog fill these once they own subscriptions and channels.
      return { ...account, subscriptionStatus: null, subscriptionPlan: null, channelCount: 0 };
    },
  );

  app.post(
    "/api/auth/logout",
    { schema: { response: { 200: Type.Object({ message: Type.String() }) } } },
    async (request) => {
      await request.session.destroy();
      return { message: "You have been signed out." };
    },
  );
}
