import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { deadLetterExchangeName } from "@tubedigest/bus";
import { deleteRedisKeys } from "@tubedigest/testing/redis-keys";
import { testInfra, uniqueName } from "@tubedigest/testing/test-infra";
import { createTestSchema } from "@tubedigest/testing/test-schema";
import { type FakeYoutubeApi, startFakeYoutubeApi } from "@tubedigest/testing/youtube";
import amqp from "amqplib";
import { type ServiceProcess, startServiceProcess } from "./service-process.ts";

/** Rate limits high enough never to answer 429 to one client address sending a benchmark's load. */
export const LIFTED_RATE_LIMIT = 1_000_000;
/** A daily Data API quota so large that no benchmark spends the part searches may use. */
export const LIFTED_DAILY_QUOTA_UNITS = 1_000_000_000;

const WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));
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
  stop(): Promise<void>;
}

/**
 * The gateway in front of auth, catalog and billing, each in a Node process of its own (as compose,
 * Kubernetes and `make stack` run them) on the real Postgres, Redis and RabbitMQ: a Postgres schema per
 * service, a Redis key prefix and a RabbitMQ exchange of the bench's own, all removed by `stop`. Catalog
 * uses the official YouTube SDK against the fake Data API. Every rate limit of the gateway is lifted and
 * catalog's daily quota raised out of reach, so the figures measure the product, not its limiters.
 * Cookies are not `Secure`, since the bench speaks plain HTTP (as `make stack` does in development).
 */
export async function startRealStack(): Promise<RealStack> {
  const identitySecret = randomBytes(32).toString("hex");
  const [authSchema, catalogSchema, billingSchema] = await Promise.all(
    ["bench_auth", "bench_catalog", "bench_billing"].map((prefix) => createTestSchema(prefix)),
  );
  if (!authSchema || !catalogSchema || !billingSchema) throw new Error("no schema");
  const redisPrefix = `${uniqueName("bench")}:`;
  const exchange = uniqueName("bench.events");
  const bus = { exchange, queueSuffix: exchange.slice("bench.events_".length) };
  const youtube = await startFakeYoutubeApi();
  const processes: ServiceProcess[] = [];
  const stop = async () => {
    // The gateway first, then the services, as their callers go before them.
    for (const service of [...processes].reverse()) await service.stop();
    await youtube.close();
    await Promise.all([authSchema, catalogSchema, billingSchema].map((schema) => schema.drop()));
    await deleteRedisKeys(redisPrefix);
    await deleteBusTopology(
      exchange,
      processes.flatMap((service) => service.declaredQueues),
    );
  };
  try {
    const [auth, catalog, billing] = await Promise.all([
      startServiceProcess({
        service: "auth",
        bus,
        settings: {
          secureCookies: false,
          claimSecret: randomBytes(32).toString("hex"),
          identitySecret,
          database: { url: authSchema.url, schema: authSchema.schema },
        },
      }),
      startServiceProcess({
        service: "catalog",
        bus,
        settings: {
          identitySecret,
          database: { url: catalogSchema.url, schema: catalogSchema.schema },
          redisUrl: testInfra.redisUrl,
          redisKeyPrefix: `${redisPrefix}catalog:`,
          youtube: {
            apiKey: "bench-key",
            rootUrl: youtube.rootUrl,
            feedUrl: youtube.feedUrl,
            dailyQuotaUnits: LIFTED_DAILY_QUOTA_UNITS,
          },
        },
      }),
      startServiceProcess({
        service: "billing",
        bus,
        settings: {
          identitySecret,
          database: { url: billingSchema.url, schema: billingSchema.schema },
          testMode: false,
          publicUrl: "http://localhost:3000",
        },
      }),
    ]);
    processes.push(auth, catalog, billing);
    const gateway = await startServiceProcess({
      service: "gateway",
      settings: {
        secureCookies: false,
        sessionSecret: randomBytes(32).toString("hex"),
        identitySecret,
        redisUrl: testInfra.redisUrl,
        redisKeyPrefix: redisPrefix,
        upstreams: {
          auth: auth.url,
          catalog: catalog.url,
          billing: billing.url,
          summariser: UNUSED_UPSTREAM,
          mailer: UNUSED_UPSTREAM,
        },
        webDist: WEB_DIST,
        trustProxy: 0,
        signInRateLimit: { max: LIFTED_RATE_LIMIT, windowSeconds: 60 },
        searchRateLimit: LIFTED_RATE_LIMIT,
        summaryRateLimit: LIFTED_RATE_LIMIT,
        summaryToolRateLimit: LIFTED_RATE_LIMIT,
        abandonmentRateLimit: LIFTED_RATE_LIMIT,
        newsletterRateLimit: LIFTED_RATE_LIMIT,
      },
    });
    processes.push(gateway);
    return {
      gateway: gateway.url,
      auth: auth.url,
      catalog: catalog.url,
      billing: billing.url,
      identitySecret,
      youtube,
      pids: { gateway: gateway.pid, auth: auth.pid, catalog: catalog.pid, billing: billing.pid },
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
