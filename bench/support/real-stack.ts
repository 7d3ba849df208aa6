import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deadLetterExchangeName } from "@tubedigest/bus";
import { deleteRedisKeys } from "@tubedigest/testing/redis-keys";
import { testInfra, uniqueName } from "@tubedigest/testing/test-infra";
import { createTestSchema } from "@tubedigest/testing/test-schema";
import { type FakeYoutubeApi, startFakeYoutubeApi } from "@tubedigest/testing/youtube";
import amqp from "amqplib";
import { type BenchChild, startBenchChild } from "./child-process.ts";

/** Rate limits high enough never to answer 429 to one client address sending a benchmark's load. */
export const LIFTED_RATE_LIMIT = 1_000_000;
/** A daily Data API quota so large that no benchmark spends the part searches may use. */
export const LIFTED_DAILY_QUOTA_UNITS = 1_000_000_000;

const WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));
const SERVICE_ENTRY = fileURLToPath(new URL("./service-process.ts", import.meta.url));
// As long as a service had to stop before it was killed when started another way.
const STOP_GRACE_MS = 15_000;
// Nothing the benchmarks call reaches these two; the gateway needs an address for each all the same.
const UNUSED_UPSTREAM = "http://127.0.0.1:9";

export interface RealStack {
  gateway: string;
  auth: string;
  catalog: string;
  billing: string;
  /** Signs the caller headers the gateway sends; a bench calling a service directly signs with it too. */
  identitySecret: string;
  /** The Data API catalog's official SDK talks to, counting calls and units. */
  youtube: FakeYoutubeApi;
  /** Each process's id, to read its CPU time from /proc. */
  pids: Record<"gateway" | "auth" | "catalog" | "billing", number>;
  /** What a service has printed so far, with `keepLogs`. */
  logOf(name: keyof RealStack["pids"]): string;
  stop(): Promise<void>;
}

/**
 * The gateway in front of auth, catalog and billing, each in a Node process of its own started from its
 * environment as compose, Kubernetes and `make stack` start it (`service-process.ts`), on the real Postgres, Redis and RabbitMQ: a Postgres schema per
 * service, a Redis key prefix and a RabbitMQ exchange of the bench's own, all removed by `stop`. Catalog
 * uses the official YouTube SDK against the fake Data API. Every rate limit of the gateway is lifted and
 * catalog's daily quota raised out of reach, so the figures measure the product, not its limiters.
 * Cookies are not `Secure`, since the bench speaks plain HTTP (as `make stack` does in development).
 */
export async function startRealStack(
  options: {
    cpuProfileDir?: string | undefined;
    /** Variables every service reads besides its own (a test's OTEL_* for its fake collector). */
    environment?: Record<string, string>;
    /** Keep what the services print once they listen, for `logOf` (a bench throws it away). */
    keepLogs?: boolean;
  } = {},
): Promise<RealStack> {
  const identitySecret = randomBytes(32).toString("hex");
  const [authSchema, catalogSchema, billingSchema] = await Promise.all(
    ["bench_auth", "bench_catalog", "bench_billing"].map((prefix) => createTestSchema(prefix)),
  );
  if (!authSchema || !catalogSchema || !billingSchema) throw new Error("no schema");
  const redisPrefix = `${uniqueName("bench")}:`;
  const exchange = uniqueName("bench.events");
  const bus = { exchange, queueSuffix: exchange.slice("bench.events_".length) };
  const declaredQueues = new Set<string>();
  const logDir = mkdtempSync(path.join(tmpdir(), "td-bench-stack-"));
  const logFileOf = (name: string) => path.join(logDir, `${name}.log`);
  const youtube = await startFakeYoutubeApi();
  const processes: BenchChild[] = [];
  const stop = async () => {
    // The gateway first, then the services, as their callers go before them.
    for (const service of [...processes].reverse()) await service.stop(STOP_GRACE_MS);
    await youtube.close();
    await Promise.all([authSchema, catalogSchema, billingSchema].map((schema) => schema.drop()));
    await deleteRedisKeys(redisPrefix);
    await deleteBusTopology(exchange, [...declaredQueues]);
    rmSync(logDir, { recursive: true, force: true });
  };
  const start = (name: keyof RealStack["pids"], env: Record<string, string>) =>
    startBenchChild({
      name,
      entry: SERVICE_ENTRY,
      args: [name, JSON.stringify(bus)],
      // Read by each service's schema; it joins the bench's own exchange on this broker.
      env: {
        RABBITMQ_URL: testInfra.amqpUrl,
        IDENTITY_SECRET: identitySecret,
        ...options.environment,
        ...env,
      },
      logFile: logFileOf(name),
      onLine(line) {
        const queue = /^queue (\S+)$/.exec(line);
        if (queue?.[1]) declaredQueues.add(queue[1]);
      },
      // Its log lines (one JSON line per request) are thrown away once it listens, as a log
      // shipper would take them: that cost is part of what a request costs, reading them is not.
      discardOutputOnceReady: options.keepLogs !== true,
      // Each process writes its profile there as it stops.
      nodeOptions: options.cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${options.cpuProfileDir}`] : [],
    });
  const database = (schema: { url: string; schema: string }) => ({
    DATABASE_URL: schema.url,
    DATABASE_SCHEMA: schema.schema,
  });
  const address = (child: BenchChild) => `http://127.0.0.1:${child.port}`;
  try {
    const [auth, catalog] = await Promise.all([
      start("auth", {
        ...database(authSchema),
        // Cookies not `Secure`: the bench speaks plain HTTP.
        APP_ENV: "development",
        CLAIM_SECRET: randomBytes(32).toString("hex"),
      }),
      start("catalog", {
        ...database(catalogSchema),
        REDIS_URL: testInfra.redisUrl,
        REDIS_KEY_PREFIX: `${redisPrefix}catalog:`,
        YOUTUBE_API_KEY: "bench-key",
        YOUTUBE_ROOT_URL: youtube.rootUrl,
        YOUTUBE_FEED_URL: youtube.feedUrl,
        YOUTUBE_DAILY_QUOTA_UNITS: String(LIFTED_DAILY_QUOTA_UNITS),
      }),
    ]);
    // Billing asks catalog for a reader's channels when a plan changes.
    const billing = await start("billing", {
      ...database(billingSchema),
      BILLING_TEST_MODE: "false",
      CATALOG_URL: address(catalog),
    });
    processes.push(auth, catalog, billing);
    const lifted = String(LIFTED_RATE_LIMIT);
    const gateway = await start("gateway", {
      // Cookies not `Secure`, as `make stack` runs it: the bench speaks plain HTTP.
      APP_ENV: "development",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      REDIS_URL: testInfra.redisUrl,
      REDIS_KEY_PREFIX: redisPrefix,
      AUTH_URL: address(auth),
      CATALOG_URL: address(catalog),
      BILLING_URL: address(billing),
      SUMMARISER_URL: UNUSED_UPSTREAM,
      MAILER_URL: UNUSED_UPSTREAM,
      WEB_DIST,
      TRUST_PROXY: "0",
      SIGN_IN_RATE_LIMIT: lifted,
      SEARCH_RATE_LIMIT: lifted,
      SUMMARY_RATE_LIMIT: lifted,
      SUMMARY_TOOL_RATE_LIMIT: lifted,
      ABANDONMENT_RATE_LIMIT: lifted,
      NEWSLETTER_RATE_LIMIT: lifted,
    });
    processes.push(gateway);
    return {
      gateway: address(gateway),
      auth: address(auth),
      catalog: address(catalog),
      billing: address(billing),
      identitySecret,
      youtube,
      pids: { gateway: gateway.pid, auth: auth.pid, catalog: catalog.pid, billing: billing.pid },
      logOf: (name) => readFileSync(logFileOf(name), "utf8"),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Deletes the bench's exchanges and the queues its services declared on them. */
async function deleteBusTopology(exchange: string, queues: string[]): Promise<void> {
  const connection = await amqp.connect(testInfra.amqpUrl);
  try {
    const channel = await connection.createChannel();
    for (const queue of new Set(queues)) await channel.deleteQueue(queue);
    await channel.deleteExchange(exchange);
    await channel.deleteExchange(deadLetterExchangeName(exchange));
  } finally {
    await connection.close();
  }
}
