import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type RawServerDefault,
} from "fastify";
import type { Logger } from "pino";
import { registerCallerCheck } from "./caller.ts";
import { type ClientTimeouts, DEFAULT_CLIENT_TIMEOUTS, serverOptions } from "./client-connections.ts";
import { handleError, handleNotFound } from "./error-handler.ts";
import { type ReadinessChecks, registerHealthRoutes } from "./health-routes.ts";
import { refuseForeignHosts } from "./loopback-hosts.ts";
import { type MetricsExposure, registerMetrics } from "./metrics.ts";
import { type ApiDescriptionExposure, collectRoutes, registerApiDescription } from "./openapi.ts";
import { parseQueryString, refuseMalformedQueries } from "./query-string.ts";
import { refuseHostlessAndClosingRequests } from "./server-refusals.ts";
import { createServiceLogger } from "./service-logger.ts";
import { registerRequestTracing } from "./tracing/request-tracing.ts";
import { tracingStarted } from "./tracing/start-tracing.ts";
import { formatValidationError, validatorCompiler } from "./validation.ts";

export type ServiceApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface ServiceAppOptions {
  /** Names the service in logs and metrics. */
  name: string;
  logLevel?: string;
  /** A logger made with `createServiceLogger`, when the service logs before its app exists. */
  logger?: Logger;
  /** What `/readyz` asks before saying the service can take traffic. */
  readiness?: Partial<ReadinessChecks>;
  /** The largest request body accepted, in bytes. */
  bodyLimit?: number;
  /** How long a client may take to send a request, and a connection stay silent; production's when absent. */
  timeouts?: Partial<ClientTimeouts>;
  /**
   * Which X-Forwarded-* to believe (the gateway behind a load balancer): the number of proxies in front,
   * or their addresses and CIDRs. None when absent.
   */
  trustProxy?: number | string[];
  /**
   * The secret the gateway signs the caller header with. Without it no caller is believed, and
   * `requireCaller` always answers 401.
   */
  identitySecret?: string;
  /**
   * While IDENTITY_SECRET is being rotated, the secret before it: proofs made with it still count, so the
   * gateway may move to the new one after the services.
   */
  previousIdentitySecret?: string | undefined;
  /** `"app"` (the default) answers `/metrics` on the app; `"apart"` leaves it to `listenForMetrics`. */
  metrics?: MetricsExposure;
  /**
   * `"internal"` (the default) answers the app's OpenAPI description on `/internal/openapi.json`;
   * `"kept"` leaves it to `describeApi` (the gateway, which publishes one merged description).
   */
  apiDescription?: ApiDescriptionExposure;
  /** Replaces the JSON 404 answer (the gateway falls back to the web app for page routes). */
  notFoundHandler?: (request: FastifyRequest, reply: FastifyReply) => unknown;
  /** Rewrites a request's URL before routing (the gateway's one canonical path). */
  rewriteUrl?: (request: IncomingMessage) => string;
  /**
   * Answer only requests addressed to localhost, 127.0.0.1 or [::1] and sent by their pages, so no other
   * site can read the app through DNS rebinding: development on this machine. Off when absent.
   */
  loopbackOnly?: boolean;
  /**
   * The public edge (the gateway): while tracing is on, every request starts a trace of its own rather
   * than continuing one its sender names.
   */
  startsTraces?: boolean;
}

const REQUEST_ID = /^[\w.:-]{1,100}$/;

/**
 * Each request logged once, as it is answered ("request completed", with the request's fields, its status
 * and time), instead of Fastify's two lines ("incoming request" as it arrives, then "request completed"):
 * an access log's line per request, half the logging of a service whose requests are many and quick.
 * Failures are logged as before.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, "request errored");
    else reply.log.info(fields, "request completed");
  }
}

/**
 * A Fastify instance with what every tubedigest service shares: TypeBox-typed routes validated strictly,
 * request ids carried from the caller, `{ message }` errors, health and readiness, Prometheus metrics,
 * a caller believed only with the gateway's proof, and an OpenAPI description of its routes.
 */
export function createServiceApp(options: ServiceAppOptions): ServiceApp {
  const app = Fastify({
    // Typed as Fastify's logger so every service app has the same type, whoever made the pino instance.
    loggerInstance: (options.logger ??
      createServiceLogger(options.name, options.logLevel)) as FastifyBaseLogger,
    // A request id from the gateway ties the log lines of one user action together across services.
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: options.bodyLimit ?? 64 * 1024,
    ...serverOptions({ ...DEFAULT_CLIENT_TIMEOUTS, ...options.timeouts }),
    trustProxy: trustedProxies(options.trustProxy),
    schemaErrorFormatter: formatValidationError,
    routerOptions: { maxParamLength: 200, querystringParser: parseQueryString },
    ...(options.rewriteUrl ? { rewriteUrl: options.rewriteUrl } : {}),
    logController: new OneLinePerRequest(),
  }).withTypeProvider<TypeBoxTypeProvider>();

  // The first hook, so every other runs inside the request's span.
  if (tracingStarted()) registerRequestTracing(app, { continueCallersTrace: options.startsTraces !== true });
  // Before any route, so every one the service declares is described.
  collectRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(options.notFoundHandler ?? handleNotFound);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  refuseHostlessAndClosingRequests(app);
  if (options.loopbackOnly) refuseForeignHosts(app);
  refuseMalformedQueries(app);
  if (options.identitySecret !== undefined) {
    const previous = options.previousIdentitySecret;
    registerCallerCheck(app, previous ? [options.identitySecret, previous] : [options.identitySecret]);
  }
  registerHealthRoutes(app, { essential: {}, degradable: {}, ...options.readiness });
  registerMetrics(app, options.name, options.metrics ?? "app");
  if ((options.apiDescription ?? "internal") === "internal") {
    registerApiDescription(app, { title: `tubedigest ${options.name} service`, version: "internal" });
  }
  return app;
}

/**
 * Fastify 5 trusts no one when given a bare hop count (a direct client could write the headers), so the
 * count becomes a trust function here: the nearest `hops` addresses are believed, the one beyond them is
 * the client. That holds only while every request comes through those proxies; addresses or CIDRs say
 * exactly whom to believe.
 */
function trustedProxies(setting: number | string[] | undefined) {
  if (setting === undefined || setting === 0) return false;
  if (typeof setting !== "number") return setting;
  return (_address: string, hop: number) => hop < setting;
}
