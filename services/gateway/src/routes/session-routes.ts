import {
  type AccountReply,
  type BillingAccountSummary,
  type CatalogAccountSummary,
  CurrentUserReply,
} from "@tubedigest/contracts/current-user";
import { callerHeaders, ErrorReply, HttpError, type ServiceApp } from "@tubedigest/http";
import type { FastifyBaseLogger } from "fastify";
import Type from "typebox";
import type { Dispatcher } from "undici";
import type { SessionControl } from "../plugins/sessions.ts";
import type { ServiceName } from "./upstream-table.ts";

const NOT_SIGNED_IN = "You are not signed in.";
const OWNER_TIMEOUT_MS = 3_000;

type Summary<Part> = { status: number; body: Part | undefined };

/** An owner's `/internal/account-summary`, split once into what each call needs. */
type Owner = { url: string; origin: string; path: string };

const ownerAt = (url: string): Owner => {
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    path: `${parsed.pathname.replace(/\/+$/, "")}/internal/account-summary`,
  };
};

/** One owner's part of the signed-in user, from its `/internal/account-summary`. */
async function askOwner<Part>(
  client: Dispatcher,
  { origin, path }: Owner,
  caller: Record<string, string>,
  signal: AbortSignal,
): Promise<Summary<Part>> {
  const answer = await client.request({
    origin,
    path,
    method: "GET",
    headers: caller,
    signal,
  });
  const ok = answer.statusCode >= 200 && answer.statusCode < 300;
  if (!ok) await answer.body.dump();
  return {
    status: answer.statusCode,
    body: ok ? ((await answer.body.json()) as Part) : undefined,
  };
}

/** An owner that cannot answer costs its part of the answer, not the whole page: its fields keep their defaults. */
async function askOptionalOwner<Part>(
  client: Dispatcher,
  owner: Owner,
  caller: Record<string, string>,
  signal: AbortSignal,
  log: FastifyBaseLogger,
): Promise<Partial<Part>> {
  try {
    const summary = await askOwner<Part>(client, owner, caller, signal);
    if (summary.body) return summary.body;
    log.warn({ url: owner.url, status: summary.status }, "account summary missing a part");
  } catch (error) {
    log.warn({ url: owner.url, err: error }, "account summary missing a part");
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
  client: Dispatcher,
): void {
  // Parsed once, not per call.
  const owners = {
    auth: ownerAt(upstreams.auth),
    catalog: ownerAt(upstreams.catalog),
    billing: ownerAt(upstreams.billing),
  };
  app.get(
    "/api/auth/current-user",
    { schema: { response: { 200: CurrentUserReply, "4xx": ErrorReply, "5xx": ErrorReply } } },
    async (request): Promise<CurrentUserReply> => {
      const userId = request.session.userId;
      if (!userId) throw new HttpError(401, NOT_SIGNED_IN);
      const caller = callerHeaders(identitySecret, userId, request.id);
      // One timer for the three calls, cleared once they are answered.
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), OWNER_TIMEOUT_MS);
      const [account, channels, subscription] = await Promise.all([
        askOwner<AccountReply>(client, owners.auth, caller, timeout.signal).catch(() => ({
          status: 503,
          body: undefined,
        })),
        askOptionalOwner<CatalogAccountSummary>(client, owners.catalog, caller, timeout.signal, request.log),
        askOptionalOwner<BillingAccountSummary>(client, owners.billing, caller, timeout.signal, request.log),
      ]).finally(() => clearTimeout(timer));
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
