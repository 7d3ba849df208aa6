import {
  type AccountReply,
  type BillingAccountSummary,
  type CatalogAccountSummary,
  CurrentUserReply,
} from "@tubedigest/contracts/current-user";
import { callerHeaders, ErrorReply, HttpError, type ServiceApp } from "@tubedigest/http";
import type { FastifyBaseLogger } from "fastify";
import Type from "typebox";
import type { SessionControl } from "../plugins/sessions.ts";
import type { ServiceName } from "./upstream-table.ts";

const NOT_SIGNED_IN = "You are not signed in.";
const OWNER_TIMEOUT_MS = 3_000;

type Summary<Part> = { status: number; body: Part | undefined };

/** One owner's part of the signed-in user, from its `/internal/account-summary`. */
async function askOwner<Part>(url: string, caller: Record<string, string>): Promise<Summary<Part>> {
  const answer = await fetch(`${url}/internal/account-summary`, {
    headers: caller,
    signal: AbortSignal.timeout(OWNER_TIMEOUT_MS),
  });
  return {
    status: answer.status,
    body: answer.ok ? ((await answer.json()) as Part) : undefined,
  };
}

/** An owner that cannot answer costs its part of the answer, not the whole page: its fields keep their defaults. */
async function askOptionalOwner<Part>(
  url: string,
  caller: Record<string, string>,
  log: FastifyBaseLogger,
): Promise<Partial<Part>> {
  try {
    const summary = await askOwner<Part>(url, caller);
    if (summary.body) return summary.body;
    log.warn({ url, status: summary.status }, "account summary missing a part");
  } catch (error) {
    log.warn({ url, err: error }, "account summary missing a part");
  }
  return {};
}

/**
 * The routes about the session itself, which only the gateway holds: who is signed in
 * (docs/product.md#data-shapes, current user, composed from the services that own each part) and signing out.
 */
export function registerSessionRoutes(
  app: ServiceApp,
  upstreams: Record<ServiceName, string>,
  sessions: SessionControl,
  identitySecret: string,
): void {
  app.get(
    "/api/auth/current-user",
    { schema: { response: { 200: CurrentUserReply, "4xx": ErrorReply, "5xx": ErrorReply } } },
    async (request): Promise<CurrentUserReply> => {
      const userId = request.session.userId;
      if (!userId) throw new HttpError(401, NOT_SIGNED_IN);
      const caller = callerHeaders(identitySecret, userId, request.id);
      const [account, channels, subscription] = await Promise.all([
        askOwner<AccountReply>(upstreams.auth, caller).catch(() => ({ status: 503, body: undefined })),
        askOptionalOwner<CatalogAccountSummary>(upstreams.catalog, caller, request.log),
        askOptionalOwner<BillingAccountSummary>(upstreams.billing, caller, request.log),
      ]);
      if (account.status === 404) {
        await request.session.destroy();
        throw new HttpError(401, NOT_SIGNED_IN);
      }
      if (!account.body) {
        throw new HttpError(503, "Your account cannot be loaded right now. Please try again in a moment.");
      }
      // Each owner fills only its own fields: none can answer for another's.
      return {
        email: account.body.email,
        fullName: account.body.fullName,
        subscriptionStatus: subscription.subscriptionStatus ?? null,
        subscriptionPlan: subscription.subscriptionPlan ?? null,
        channelCount: channels.channelCount ?? 0,
        channelAllowance: channels.channelAllowance ?? null,
      };
    },
  );

  app.post(
    "/api/auth/logout",
    { schema: { response: { 200: Type.Object({ message: Type.String() }) } } },
    async (request, reply) => {
      await sessions.signOut(request, reply);
      return { message: "You have been signed out." };
    },
  );
}
