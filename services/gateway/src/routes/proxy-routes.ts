import type { IncomingHttpHeaders } from "node:http";
import replyFrom from "@fastify/reply-from";
import { MAX_IMPORT_REQUEST_BYTES } from "@tubedigest/contracts/import-limits";
import {
  callerHeaders,
  claimHolderHeaders,
  clientAddressHeaders,
  END_ALL_SESSIONS_HEADER,
  END_OTHER_SESSIONS_HEADER,
  HttpError,
  SESSION_USER_HEADER,
  type ServiceApp,
  SIGN_IN_TO_CONTINUE,
  STANDING_HEADERS,
} from "@tubedigest/http";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Dispatcher } from "undici";
import type { RateLimits } from "../config.ts";
import { SESSIONS_UNAVAILABLE } from "../plugins/gateway-redis.ts";
import type { SessionControl } from "../plugins/sessions.ts";
import { claimHolderOf } from "./claim-holder.ts";
import { rateLimiters } from "./rate-limits.ts";
import {
  ABANDONMENT_PATH,
  ACCOUNT_CHANGE_ROUTES,
  CHECKOUT_PATHS,
  DEV_DIGEST_PATHS,
  DEV_MAILBOX_PATH,
  EMAIL_CONFIRM_PATHS,
  IMPORT_PATH,
  IMPORT_PREVIEW_PATH,
  LINK_LOOK_UP_PATHS,
  MAIL_COMPLAINTS_PATH,
  NEWSLETTER_NOW_PATH,
  ownerOf,
  PLAN_ROUTES,
  SEARCH_PATH,
  type ServiceName,
  SIGN_IN_PATHS,
  STRIPE_WEBHOOK_PATH,
  SUMMARY_PATHS,
  SUMMARY_TOOL_PATH,
  UNSUBSCRIBE_PATHS,
} from "./upstream-table.ts";

/** What auth asked of the gateway's sessions in its answer, kept until the answer is sent on. */
type Directives = { signIn?: string; endOtherSessions?: string; endAllSessions?: string };

/** What auth asks of the gateway's sessions in an answer; never passed on to the browser. */
const SESSION_DIRECTIVE_HEADERS = new Set([
  SESSION_USER_HEADER,
  END_OTHER_SESSIONS_HEADER,
  END_ALL_SESSIONS_HEADER,
]);

/**
 * Headers only the gateway may set on the way in, or only auth on the way out; a copy from anyone else is
 * dropped. The trace context too: the gateway starts every trace, and its own call carries it on.
 */
const GATEWAY_HEADERS = new Set([
  ...Object.values(STANDING_HEADERS).flatMap((headers) => [headers.subject, headers.proof]),
  ...SESSION_DIRECTIVE_HEADERS,
  "traceparent",
  "tracestate",
  "baggage",
]);

/**
 * The largest answer from a service read whole before it is sent on: every JSON answer, while a large
 * download still streams. Sent as one buffer, an answer costs the gateway less than piped as a stream.
 */
const BUFFERED_ANSWER_BYTES = 64 * 1024;

/** A claim lets a visitor act (check out, be reminded of a preview); reading needs no claim, so none is looked up. */
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Stripe's events and complaint reports can be larger than a browser's requests; their owners accept as much. */
const STRIPE_WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** The canonical path (see canonical-path.ts) and the query exactly as the client sent it. */
function splitUrl(url: string): { path: string; query: string } {
  const queryAt = url.indexOf("?");
  return queryAt === -1
    ? { path: url, query: "" }
    : { path: url.slice(0, queryAt), query: url.slice(queryAt + 1) };
}

/**
 * Forwards `/api/*` to the owning service: the caller's identity goes along on a header only the gateway
 * sets, and a sign-in answered by auth starts a fresh session here.
 */
export async function registerProxyRoutes(
  app: ServiceApp,
  options: {
    upstreams: Record<ServiceName, string>;
    limits: RateLimits;
    /** Forward /dev/mailbox to the mailer (development only). */
    devMailbox?: boolean | undefined;
    /** Forward the digest's development tools to the summariser (development only). */
    devDigest?: boolean | undefined;
    sessions: SessionControl;
    /** Signs the caller header, so a service believes it came from here. */
    identitySecret: string;
    /** Kept-alive connections to the services, with their timeouts (plugins/upstream-client.ts). */
    upstreamClient: Dispatcher;
  },
): Promise<void> {
  // The shared pool rather than one of reply-from's own; its timeouts are the client's (30 s).
  // reply-from's own lines ("fetching from remote server", "response received") would add two more to each
  // proxied request's one; a failed call is still logged, by reply-from and by the error handler.
  await app.register(replyFrom, { undici: options.upstreamClient, disableRequestLogging: true });

  // The gateway forwards bodies untouched; the owning service parses and validates them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  /** The visitor's claim, for an action at a service other than auth (which reads its cookie itself). */
  const visitorClaim = async (request: FastifyRequest, service: ServiceName) =>
    service === "auth" || request.session.userId || READS.has(request.method)
      ? undefined
      : claimHolderOf(request, options.upstreams.auth);

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    // request.url is already canonical (rewritten before routing), so this is the path that was routed.
    const { path, query } = splitUrl(request.url);
    const mailbox =
      options.devMailbox && (path === DEV_MAILBOX_PATH || path.startsWith(`${DEV_MAILBOX_PATH}/`));
    const digestTool = options.devDigest && (DEV_DIGEST_PATHS as readonly string[]).includes(path);
    const service = ownerOf(path) ?? (mailbox ? "mailer" : digestTool ? "summariser" : undefined);
    if (!service) throw new HttpError(404, `No route for ${request.method} ${path}`);
    // Handed over as raw bytes with their own content type, so reply-from does not re-encode them.
    const body = Buffer.isBuffer(request.body)
      ? { body: request.body, contentType: request.headers["content-type"] ?? "application/octet-stream" }
      : {};
    const directives: Directives = {};
    let upstreamHeaders: string[] = [];
    let answerLength = Number.NaN;
    const claimHolder = await visitorClaim(request, service);
    return reply.from(options.upstreams[service] + path, {
      ...body,
      // The query goes on byte for byte: a URL parser would re-encode some of it.
      queryString: () => query,
      rewriteRequestHeaders: (incoming, headers) => {
        // Copied name by name rather than spread and deleted from: this runs for every proxied request.
        const forwarded: IncomingHttpHeaders = {};
        for (const name in headers) if (!GATEWAY_HEADERS.has(name)) forwarded[name] = headers[name];
        const userId = incoming.session.userId;
        // The client as the gateway knows it (after TRUST_PROXY), for limits a service keeps per visitor.
        Object.assign(forwarded, clientAddressHeaders(options.identitySecret, incoming.ip, incoming.id));
        if (userId) Object.assign(forwarded, callerHeaders(options.identitySecret, userId, incoming.id));
        if (claimHolder) {
          Object.assign(forwarded, claimHolderHeaders(options.identitySecret, claimHolder, incoming.id));
        }
        return forwarded;
      },
      rewriteHeaders: (headers) => {
        if (service === "auth") {
          const {
            [SESSION_USER_HEADER]: signIn,
            [END_OTHER_SESSIONS_HEADER]: endOtherSessions,
            [END_ALL_SESSIONS_HEADER]: endAllSessions,
          } = headers;
          if (typeof signIn === "string") directives.signIn = signIn;
          if (typeof endOtherSessions === "string") directives.endOtherSessions = endOtherSessions;
          if (typeof endAllSessions === "string") directives.endAllSessions = endAllSessions;
        }
        const passed: typeof headers = {};
        for (const name in headers) if (!SESSION_DIRECTIVE_HEADERS.has(name)) passed[name] = headers[name];
        upstreamHeaders = Object.keys(passed);
        answerLength = Number(headers["content-length"]);
        return passed;
      },
      onResponse: async (_incoming, outgoing, response) => {
        try {
          if (directives.signIn) await options.sessions.signIn(request, directives.signIn);
          if (directives.endOtherSessions) {
            await options.sessions.endOtherSessions(request, directives.endOtherSessions);
          }
          if (directives.endAllSessions) {
            await options.sessions.endAllSessions(request, reply, directives.endAllSessions);
          }
        } catch (error) {
          // The session could not be stored (Redis went away): the browser is told so instead of
          // receiving the service's answer, which would claim a sign-in that did not happen.
          // Undici's body reports a stream destroyed unread as an error (RequestAbortedError); with no
          // listener that error would be uncaught and end the process.
          response.stream.on("error", () => undefined);
          response.stream.destroy();
          for (const name of upstreamHeaders) outgoing.removeHeader(name);
          return outgoing.send(error);
        }
        // A small answer of known length is read whole and sent in one piece; anything else streams.
        if (request.method === "HEAD" || !(answerLength <= BUFFERED_ANSWER_BYTES)) {
          return outgoing.send(response.stream);
        }
        try {
          // The client is undici's, so the answer's stream is undici's body, which reads itself whole.
          const body = response.stream as unknown as Dispatcher.ResponseData["body"];
          return outgoing.send(Buffer.from(await body.arrayBuffer()));
        } catch (error) {
          for (const name of upstreamHeaders) outgoing.removeHeader(name);
          return outgoing.send(error);
        }
      },
    });
  };

  const limit = rateLimiters(app, options.limits);
  // Each of these ends in a session, so none reaches auth (or counts) while sessions cannot be stored.
  const requireSessions = async () => {
    if (!options.sessions.available()) throw new HttpError(503, SESSIONS_UNAVAILABLE);
  };
  for (const path of SIGN_IN_PATHS)
    app.post(path, { onRequest: [requireSessions, limit["sign-in"]] }, forward);
  for (const path of LINK_LOOK_UP_PATHS) app.post(path, { onRequest: limit["sign-in"] }, forward);
  for (const path of EMAIL_CONFIRM_PATHS) app.post(path, { onRequest: limit["sign-in"] }, forward);
  for (const route of ACCOUNT_CHANGE_ROUTES) {
    app.route({
      method: route.method,
      url: route.path,
      onRequest: limit["account-changes"],
      handler: forward,
    });
  }
  // HEAD is answered by the same route (Fastify exposes it), so it is counted too.
  app.get(SEARCH_PATH, { onRequest: limit.search }, forward);
  // A visitor is refused before a body of up to 2 MiB is read, and before it counts against the searches.
  const signedIn = async (request: FastifyRequest) => {
    if (!request.session.userId) throw new HttpError(401, SIGN_IN_TO_CONTINUE);
  };
  const importLimits = { bodyLimit: MAX_IMPORT_REQUEST_BYTES };
  app.post(IMPORT_PREVIEW_PATH, { ...importLimits, onRequest: [signedIn, limit.search] }, forward);
  app.post(IMPORT_PATH, { ...importLimits, onRequest: signedIn }, forward);
  for (const path of SUMMARY_PATHS) app.post(path, { onRequest: limit.summaries }, forward);
  app.post(SUMMARY_TOOL_PATH, { onRequest: limit["summary-tool"] }, forward);
  // No per-address limit: Stripe delivers from a few addresses in bursts (a backlog after an outage), and
  // a refusal would only make it retry later; billing refuses an unsigned call before any work.
  app.post(STRIPE_WEBHOOK_PATH, { bodyLimit: STRIPE_WEBHOOK_BODY_LIMIT }, forward);
  // Routes of their own, so they are known as sessionless before the same-origin guard and sessions run.
  for (const path of UNSUBSCRIBE_PATHS) app.post(path, forward);
  // A complaint report carries a copy of the message complained of, as large as Stripe's events.
  app.post(MAIL_COMPLAINTS_PATH, { bodyLimit: STRIPE_WEBHOOK_BODY_LIMIT }, forward);
  app.post(ABANDONMENT_PATH, { onRequest: limit.abandonment }, forward);
  app.post(NEWSLETTER_NOW_PATH, { onRequest: limit["newsletter-now"] }, forward);
  for (const path of CHECKOUT_PATHS) app.post(path, { onRequest: limit.checkout }, forward);
  for (const route of PLAN_ROUTES) {
    app.route({ method: route.method, url: route.path, onRequest: limit.checkout, handler: forward });
  }
  if (options.devDigest) {
    app.post(DEV_DIGEST_PATHS[0], forward);
    app.get(DEV_DIGEST_PATHS[1], forward);
    app.post(DEV_DIGEST_PATHS[2], forward);
  }
  if (options.devMailbox) {
    app.get(DEV_MAILBOX_PATH, forward);
    app.get(`${DEV_MAILBOX_PATH}/*`, forward);
  }
  app.all("/api/*", forward);
}
