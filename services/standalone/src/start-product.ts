import path from "node:path";
import { buildAuthApp } from "@tubedigest/auth";
import { buildGatewayApp } from "@tubedigest/gateway";
import type { Static } from "typebox";
import type { StandaloneEnvironment } from "./config.ts";
import { localSecrets } from "./local-secrets.ts";

export interface RunningProduct {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts every service in this process. Each listens on its own loopback port and the gateway reaches
 * it over HTTP, exactly as when they run apart, so there is one code path for both.
 */
export async function startProduct(env: Static<typeof StandaloneEnvironment>): Promise<RunningProduct> {
  const secrets = localSecrets(env.DATA_DIR);
  const development = env.APP_ENV === "development";
  const database = (schema: string) => ({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : path.join(env.DATA_DIR, "pglite", schema),
    schema,
  });

  const auth = await buildAuthApp({
    logLevel: env.LOG_LEVEL,
    secureCookies: !development,
    claimSecret: env.CLAIM_SECRET ?? secrets.claimSecret,
    database: database("auth"),
  });
  const authUrl = await auth.listen({ port: 0, host: "127.0.0.1" });

  const gateway = await buildGatewayApp({
    logLevel: env.LOG_LEVEL,
    secureCookies: !development,
    sessionSecret: env.SESSION_SECRET ?? secrets.sessionSecret,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: "td:",
    upstreams: { auth: authUrl },
    webDist: env.WEB_DIST,
    trustProxy: false,
    publicOrigin: env.PUBLIC_ORIGIN,
    signInRateLimit: { max: env.SIGN_IN_RATE_LIMIT, windowSeconds: 60 },
  });
  const url = await gateway.listen({ port: env.PORT, host: env.HOST });

  return {
    url,
    async stop() {
      // The entry closes first so nothing new arrives while the services finish what they have.
      await gateway.close();
      await auth.close();
    },
  };
}
