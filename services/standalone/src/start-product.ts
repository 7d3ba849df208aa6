import path from "node:path";
import { buildAuthApp } from "@tubedigest/auth";
import { createInProcessBus, createRabbitMqBus, type EventBus, InProcessBroker } from "@tubedigest/bus";
import { buildCatalogApp } from "@tubedigest/catalog";
import { buildGatewayApp, trustedProxies } from "@tubedigest/gateway";
import { createServiceLogger, listenForMetrics } from "@tubedigest/http";
import type { Static } from "typebox";
import type { StandaloneEnvironment } from "./config.ts";
import { localSecrets } from "./local-secrets.ts";

export interface RunningProduct {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts every service in this process. Each listens on its own loopback port and the gateway reaches
 * it over HTTP, exactly as when they run apart, so there is one code path for both. Events go through
 * RabbitMQ when RABBITMQ_URL is set, otherwise through an in-process broker with the same semantics.
 */
export async function startProduct(env: Static<typeof StandaloneEnvironment>): Promise<RunningProduct> {
  const secrets = localSecrets(env.DATA_DIR);
  const development = env.APP_ENV === "development";
  const identitySecret = env.IDENTITY_SECRET ?? secrets.identitySecret;
  const logger = (service: string) => createServiceLogger(service, env.LOG_LEVEL);
  const database = (schema: string) => ({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : path.join(env.DATA_DIR, "pglite", schema),
    schema,
  });
  const events: EventBus = env.RABBITMQ_URL
    ? await createRabbitMqBus({ url: env.RABBITMQ_URL, log: logger("bus") })
    : createInProcessBus({ log: logger("bus"), broker: new InProcessBroker() });

  const auth = await buildAuthApp(
    {
      secureCookies: !development,
      claimSecret: env.CLAIM_SECRET ?? secrets.claimSecret,
      identitySecret,
      database: database("auth"),
    },
    { log: logger("auth"), events },
  );
  const authUrl = await auth.listen({ port: 0, host: "127.0.0.1" });

  const catalog = await buildCatalogApp(
    {
      identitySecret,
      database: database("catalog"),
      redisUrl: env.REDIS_URL,
      youtube: { apiKey: env.YOUTUBE_API_KEY, dailyQuotaUnits: env.YOUTUBE_DAILY_QUOTA_UNITS },
    },
    { log: logger("catalog"), events },
  );
  const catalogUrl = await catalog.listen({ port: 0, host: "127.0.0.1" });

  const gateway = await buildGatewayApp(
    {
      secureCookies: !development,
      sessionSecret: env.SESSION_SECRET ?? secrets.sessionSecret,
      identitySecret,
      redisUrl: env.REDIS_URL,
      redisKeyPrefix: "td:",
      upstreams: { auth: authUrl, catalog: catalogUrl },
      webDist: env.WEB_DIST,
      trustProxy: trustedProxies(env.TRUST_PROXY),
      publicOrigin: env.PUBLIC_ORIGIN,
      signInRateLimit: { max: env.SIGN_IN_RATE_LIMIT, windowSeconds: 60 },
      searchRateLimit: env.SEARCH_RATE_LIMIT,
    },
    { log: logger("gateway") },
  );
  if (env.METRICS_PORT !== undefined) {
    await listenForMetrics(gateway, { port: env.METRICS_PORT, host: "127.0.0.1" });
  }
  const url = await gateway.listen({ port: env.PORT, host: env.HOST });

  return {
    url,
    async stop() {
      // The entry closes first so nothing new arrives while the services finish what they have.
      await gateway.close();
      // Consumers stop before the services, so no handler starts against a closing database.
      await events.close();
      await Promise.all([auth.close(), catalog.close()]);
    },
  };
}
