import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEVELOPMENT_SITE } from "@tubedigest/config";
import type { ServiceApp } from "@tubedigest/http";
import { deleteRedisKeys } from "@tubedigest/testing/redis-keys";
import { testInfra, uniqueName } from "@tubedigest/testing/test-infra";
import { type Logger, pino } from "pino";
import { buildGatewayApp } from "../../src/app.ts";
import { defaultRateLimits, type GatewaySettings } from "../../src/config.ts";
import { IDENTITY_SECRET } from "../test-stack.ts";
import { type RecordingUpstream, startRecordingUpstream } from "./recording-upstream.ts";

export interface EdgeGateway {
  gateway: ServiceApp;
  port: number;
  /** Where the gateway keeps its sessions and limits in Redis, on the real parts. */
  redisPrefix: string;
  /** Stands in for auth. */
  auth: RecordingUpstream;
  /** Stands in for catalog. */
  catalog: RecordingUpstream;
  /** Stands in for billing. */
  billing: RecordingUpstream;
  /** Stands in for the summariser. */
  summariser: RecordingUpstream;
  /** Stands in for the mailer. */
  mailer: RecordingUpstream;
  stop(): Promise<void>;
}

/**
 * The gateway's settings with no service of the stack behind it: sessions and limits in memory, limits
 * no test reaches unless it sets its own.
 */
export function gatewayAloneSettings(
  upstreams: GatewaySettings["upstreams"],
  webDist: string,
): GatewaySettings {
  return {
    secureCookies: false,
    sessionSecret: "session-secret-for-tests-only-0123456789",
    identitySecret: IDENTITY_SECRET,
    redisKeyPrefix: `${uniqueName("edge")}:`,
    upstreams,
    webDist,
    trustProxy: 0,
    site: DEVELOPMENT_SITE,
    ...defaultRateLimits(),
    signInRateLimit: { max: 1000, windowSeconds: 3600 },
    searchRateLimit: 1000,
  };
}

/**
 * The gateway listening on a real port in front of five recording upstreams, so tests can send it raw
 * request lines and see exactly what each service received.
 */
export async function startEdgeGateway(
  options: {
    real?: boolean;
    settings?: Partial<GatewaySettings>;
    /** Where the gateway sends a service's paths instead of its recorder (a probe, or a closed port). */
    upstreams?: Partial<GatewaySettings["upstreams"]>;
    log?: Logger;
  } = {},
): Promise<EdgeGateway> {
  const [auth, catalog, billing, summariser, mailer] = await Promise.all([
    startRecordingUpstream(IDENTITY_SECRET),
    startRecordingUpstream(IDENTITY_SECRET),
    startRecordingUpstream(IDENTITY_SECRET),
    startRecordingUpstream(IDENTITY_SECRET),
    startRecordingUpstream(IDENTITY_SECRET),
  ]);
  const redisPrefix = `${uniqueName("edge")}:`;
  const webDist = mkdtempSync(path.join(tmpdir(), "td-web-"));
  writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>tubedigest</title>");
  const upstreams = {
    auth: auth.url,
    catalog: catalog.url,
    billing: billing.url,
    summariser: summariser.url,
    mailer: mailer.url,
    ...options.upstreams,
  };
  const gateway = await buildGatewayApp(
    {
      ...gatewayAloneSettings(upstreams, webDist),
      redisUrl: options.real ? testInfra.redisUrl : undefined,
      redisKeyPrefix: redisPrefix,
      ...options.settings,
    },
    { log: options.log ?? pino({ level: "silent" }) },
  );
  await gateway.listen({ port: 0, host: "127.0.0.1" });
  const address = gateway.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    gateway,
    port,
    redisPrefix,
    auth,
    catalog,
    billing,
    summariser,
    mailer,
    async stop() {
      await gateway.close();
      await Promise.all([auth.close(), catalog.close(), billing.close(), summariser.close(), mailer.close()]);
      rmSync(webDist, { recursive: true, force: true });
      if (options.real) await deleteRedisKeys(redisPrefix);
    },
  };
}
