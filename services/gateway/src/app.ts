import rateLimit from "@fastify/rate-limit";
import { createServiceApp, HttpError, type ReadinessChecks, type ServiceApp } from "@tubedigest/http";
import type { Logger } from "pino";
import type { GatewaySettings } from "./config.ts";
import { refuseNonCanonicalPaths, rewriteToCanonicalPath } from "./plugins/canonical-paths.ts";
import { connectGatewayRedis } from "./plugins/gateway-redis.ts";
import { redisOrLocalRateLimitStore } from "./plugins/rate-limit-store.ts";
import { registerSameOriginGuard } from "./plugins/same-origin-guard.ts";
import { registerSecurityHeaders } from "./plugins/security-headers.ts";
import { registerSessionlessCalls } from "./plugins/sessionless-calls.ts";
import { registerSessions } from "./plugins/sessions.ts";
import { createUpstreamClient } from "./plugins/upstream-client.ts";
import { registerApiDocs } from "./routes/api-docs-routes.ts";
import { registerOpenApiRoutes } from "./routes/openapi-routes.ts";
import { registerProxyRoutes } from "./routes/proxy-routes.ts";
import { registerSessionRoutes } from "./routes/session-routes.ts";
import { registerSharedSummaryPage } from "./routes/shared-summary-page.ts";
import { registerSiteRoutes } from "./routes/site-routes.ts";
import { registerWebApp, webAppFallback } from "./routes/web-app.ts";

/** What the gateway is handed rather than building. */
export interface GatewayDependencies {
  log: Logger;
  /**
   * More for `/readyz` to ask, from a process that runs the gateway with what it fronts (the embedded
   * product: the services and the parts they share), so one probe answers for the whole product.
   */
  readiness?: Partial<ReadinessChecks>;
}

/** Builds the gateway: the one public entry, holding sessions and routing `/api/*` to the services. */
export async function buildGatewayApp(
  settings: GatewaySettings,
  dependencies: GatewayDependencies,
): Promise<ServiceApp> {
  const redis = settings.redisUrl
    ? await connectGatewayRedis(settings.redisUrl, dependencies.log)
    : undefined;
  // Without Redis the gateway still serves pages and forwards searches; only signing in waits for it.
  const redisAnswers = async () => redis?.status === "ready" && (await redis.ping()) === "PONG";
  const app = createServiceApp({
    name: "gateway",
    logger: dependencies.log,
    trustProxy: settings.trustProxy,
    // Its port is the public one: main.ts serves the metrics on a port of their own.
    metrics: "apart",
    // Nothing under /internal on the public port: its routes are published merged, at /api/openapi.json.
    apiDescription: "kept",
    notFoundHandler: webAppFallback(settings.webDist),
    rewriteUrl: rewriteToCanonicalPath,
    loopbackOnly: settings.loopbackOnly,
    startsTraces: true,
    readiness: {
      essential: { ...dependencies.readiness?.essential },
      degradable: { ...(redis ? { redis: redisAnswers } : {}), ...dependencies.readiness?.degradable },
    },
  });
  const upstreamClient = createUpstreamClient();
  app.addHook("onClose", async () => {
    await redis?.quit();
    await upstreamClient.close();
  });
  // Headers first, so even a refused path is answered with them; then the path, before anything else.
  registerSecurityHeaders(app, { https: settings.secureCookies });
  refuseNonCanonicalPaths(app);
  registerSameOriginGuard(app, settings.publicOrigin);
  // Before sessions, which would otherwise load one from the webhook's cookies.
  registerSessionlessCalls(app);
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: redisOrLocalRateLimitStore(redis, `${settings.redisKeyPrefix}rate-limit:`) } : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests. Please wait ${context.after} and try again.`),
  });
  const sessions = await registerSessions(app, {
    secret: settings.sessionSecret,
    secure: settings.secureCookies,
    redis,
    keyPrefix: settings.redisKeyPrefix,
  });
  registerSessionRoutes(app, settings.upstreams, sessions, settings.identitySecret, upstreamClient);
  // The gateway's own answer: no service owns /api/openapi.json, so the proxy would call it a 404.
  registerOpenApiRoutes(app, settings.upstreams);
  registerSiteRoutes(app, settings.site);
  if (settings.apiDocs) await registerApiDocs(app);
  await registerProxyRoutes(app, { ...settings, limits: settings, sessions, upstreamClient });
  registerSharedSummaryPage(app, {
    webDist: settings.webDist,
    summariserUrl: settings.upstreams.summariser,
    publicOrigin: settings.publicOrigin,
  });
  await registerWebApp(app, settings.webDist);
  return app;
}
