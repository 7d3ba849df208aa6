import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  deadLetterExchangeName,
  deadLetterQueueName,
  type EventBus,
  queueName,
  retryQueueName,
} from "@tubedigest/bus";
import { createTestBus, type TestBusAddress } from "@tubedigest/bus/testing";
import { DEVELOPMENT_SITE } from "@tubedigest/config";
import { EmbeddedPostgres, prepareMigratedDataDir } from "@tubedigest/db";
import type { ServiceApp } from "@tubedigest/http";
import type { MailerApp, MailerSettings } from "@tubedigest/mailer";
// Not in this package's devDependencies: the launcher depends on the gateway, and a dependency back would
// be a cycle in the workspace graph that turbo's build refuses. The workspace's node_modules resolves it.
import { composeProduct, PRODUCT_SCHEMAS } from "@tubedigest/standalone";
import type { LlmSettings, SummariserSettings } from "@tubedigest/summariser";
import { deleteRedisKeys } from "@tubedigest/testing/redis-keys";
import type { FakeStripeApi } from "@tubedigest/testing/stripe";
import { testInfra, uniqueName } from "@tubedigest/testing/test-infra";
import { createTestSchema } from "@tubedigest/testing/test-schema";
import { type FakeYoutubeApi, startFakeYoutubeApi } from "@tubedigest/testing/youtube";
import amqp from "amqplib";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { type Logger, pino } from "pino";
import { channelId } from "./support/channel-fixtures.ts";
import { startSlowHttpProxy } from "./support/slow-http-proxy.ts";

export type Infra = "real" | "embedded";

const STACK_SERVICES = ["auth", "catalog", "billing", "summariser", "mailer"] as const;
type StackService = (typeof STACK_SERVICES)[number];

/** The secret gateway and services share in every test stack. */
export const IDENTITY_SECRET = "identity-secret-for-tests-only-0123456789";
/** As while IDENTITY_SECRET is rotated: every service also accepts proofs made with this one. */
export const PREVIOUS_IDENTITY_SECRET = "identity-secret-before-rotation-for-tests-01";

export interface TestStack {
  gateway: ServiceApp;
  /** Where the services listen, for reaching them without the gateway. */
  services: { auth: string; catalog: string; billing: string; summariser: string; mailer: string };
  /** The mailer, for tests to deliver what it queued and read the development mailbox. */
  mailer: MailerApp;
  /** Where the mailer writes the messages it sends (no SMTP server in the test stacks). */
  mailDir: string;
  /** The fake YouTube Data API catalog talks to on the real parts; the demo catalog answers otherwise. */
  youtube: FakeYoutubeApi | undefined;
  /** The bus the services publish to: RabbitMQ on the real parts, in process on the embedded ones. */
  events: EventBus;
  /** On the real parts, where another summariser process joins the stack as a second replica. */
  summariserReplica?: { settings: SummariserSettings; bus: TestBusAddress };
  /** On the real parts, where another mailer process joins the stack as a second replica. */
  mailerReplica?: { settings: MailerSettings; bus: TestBusAddress };
  /** The queues the services consume from, for a test to look at their dead letters through `events`. */
  consumingQueues(): string[];
  /** On the real parts, each service's Postgres schema, for tests that look at what was stored. */
  /** (Straight to Postgres, never through `databaseUrl`'s proxy: a test's own reads see no fault.) */
  databases: Partial<Record<StackService, { url: string; schema: string }>>;
  redisPrefix: string;
  stop(): Promise<void>;
}

/**
 * Gateway, auth, catalog, billing, the summariser and the mailer as they run in production, each test stack isolated: its own Postgres
 * schemas, Redis key prefix and RabbitMQ exchange, with the official YouTube SDK pointed at a fake Data
 * API on the real parts; or, as `make start` runs them, one throw-away PGlite database with a schema
 * per service, memory stores, the in-process bus and the demo catalog on the embedded ones.
 */
export async function startTestStack(
  infra: Infra,
  options: {
    signInRateLimit?: number;
    searchRateLimit?: number;
    summaryRateLimit?: number;
    summaryToolRateLimit?: number;
    abandonmentRateLimit?: number;
    newsletterRateLimit?: number;
    accountChangeRateLimit?: number;
    checkoutRateLimit?: number;
    /** Where the gateway sends a service's paths instead of the stack's own (a probe that shows what it receives). */
    upstreams?: Partial<Record<StackService, string>>;
    /** The hidden tool's password; the tool is off without one. */
    summaryToolPassword?: string;
    /** Card payments through Stripe's SDK against this fake API; off (test mode only) when absent. */
    stripe?: FakeStripeApi;
    secureCookies?: boolean;
    /** The gateway's TRUST_PROXY; one proxy in front when cookies are Secure, none otherwise. */
    trustProxy?: number | string[];
    /** The clock auth's claims and sign-in links expire by, and the mailer's (when a waiting message is due). */
    now?: () => Date;
    /** How long a landing-page sign-up's welcome waits (none: it goes at once, for tests that read it). */
    landingWelcomeDelayMs?: number;
    /**
     * Another Redis for the gateway, catalog and the digest's work queue on the real parts (a closed
     * port: Redis is down; a proxy in front of the test Redis: an outage the test controls).
     */
    redisUrl?: string;
    /** On the real parts, where the services' database pools connect: a proxy in front of the test Postgres. */
    databaseUrl?: string;
    /** On the real parts, where the services' bus connects: a proxy in front of the test RabbitMQ. */
    amqpUrl?: string;
    /** A built web app for the gateway to serve (none: page routes answer 503). */
    webDist?: string;
    /** Where every service logs; nowhere when absent. */
    log?: Logger;
    /** The mailer sends through this SMTP server instead of writing files. */
    smtpUrl?: string;
    /**
     * The weekly digest as production runs it: the summariser's model (the extractive writer when
     * absent), its work queue on BullMQ (real parts only) with this hold on a job, and its leases' length;
     * with `catalogDelayMs`, every call the summariser makes to catalog is answered that late (a busy
     * catalog), so a run of digests lasts long enough for a test to act in the middle of it; as a
     * function, it is read for each call (a catalog slow only from a moment the test chooses).
     */
    digest?: {
      llm?: LlmSettings;
      jobLockMs: number;
      leaseMs: number;
      catalogDelayMs?: number | (() => number);
      /** Readers one compose job takes (the summariser's default when absent). */
      batchSize?: number;
    };
    /**
     * On the real parts, the landing page's sample newsletter made from a channel of the fake Data API, with
     * one video, instead of the demo catalog's channels that API does not know (which leave it unavailable).
     */
    featuredChannel?: boolean;
  } = {},
  /** What the stack makes outside the process, written down as it goes (for a shared stack's leftovers). */
  track?: Tracker,
): Promise<TestStack> {
  const real = infra === "real";
  const schemas = real ? await Promise.all(STACK_SERVICES.map((name) => createTestSchema(name))) : [];
  const dataDir = real ? undefined : mkdtempSync(path.join(tmpdir(), "td-stack-"));
  track?.add({ schemas: schemas.map((schema) => schema.schema), dirs: dataDir ? [dataDir] : [] });
  // One embedded database for every service, each in its own schema, as the embedded product has: one
  // PGlite to start rather than five (each one seconds of CPU on a busy machine).
  // Its schemas migrated already, as a copy: the migrations are the same for every stack, and running
  // them from nothing costs seconds of CPU (the launcher's own tests run them from an empty folder).
  const embeddedDatabase = dataDir
    ? EmbeddedPostgres.open(path.join(dataDir, "database"), {
        copyOf: await prepareMigratedDataDir(PRODUCT_SCHEMAS),
      })
    : undefined;
  await embeddedDatabase?.ready();
  const database = (name: StackService, index: number) => {
    const schema = schemas[index];
    // Fewer connections than production's pools: two stacks of five services at once, beside other
    // tests, would otherwise reach Postgres's default connection limit, and a refused connection fails
    // whatever it was for.
    if (schema) return { url: options.databaseUrl ?? schema.url, schema: schema.schema, poolSize: 4 };
    // A real stack gives every service a schema of its own: never the embedded database.
    if (!embeddedDatabase) throw new Error(`no test schema for ${name}`);
    return { schema: name };
  };
  const youtube = real ? await startFakeYoutubeApi() : undefined;
  const featured = youtube && options.featuredChannel ? [addFeaturedChannel(youtube)] : undefined;
  const secureCookies = options.secureCookies ?? false;
  const log = options.log ?? pino({ level: "silent" });
  const redisUrl = real ? (options.redisUrl ?? testInfra.redisUrl) : undefined;
  // A stack behind a broker proxy is there for outages: its queues are production's quorum ones, whose
  // redelivery and delivery limit across a cut are what those tests prove. Other stacks' are classic.
  const testBus = await createTestBus(real ? "rabbitmq" : "in-process", {
    url: options.amqpUrl,
    queueType: options.amqpUrl ? "quorum" : undefined,
  });
  const redisPrefix = `${uniqueName("gw")}:`;
  const mailDir = mkdtempSync(path.join(tmpdir(), "td-mail-"));
  const events =
    track && testBus.rabbitMq ? trackingQueues(testBus.bus, testBus.rabbitMq, track) : testBus.bus;
  track?.add({
    dirs: [mailDir],
    redisPrefixes: real ? [redisPrefix] : [],
    exchanges: testBus.rabbitMq
      ? [testBus.rabbitMq.exchange, deadLetterExchangeName(testBus.rabbitMq.exchange)]
      : [],
  });
  // Without a fake Stripe no key: card checkout says it is not set up, and test mode activates plans.
  const { stripe } = options;
  // No model key: the embedded extractive writer, over the demo catalog's transcripts (the fake Data
  // API's videos have none, so theirs are summarised from their descriptions).
  const summariserSettings: Omit<SummariserSettings, "catalogUrl" | "billingUrl"> = {
    identitySecret: IDENTITY_SECRET,
    previousIdentitySecret: PREVIOUS_IDENTITY_SECRET,
    database: database("summariser", 3),
    transcripts: { source: "demo" },
    toolPassword: options.summaryToolPassword,
    previewWaitMs: 10_000,
    sampleChannels: featured,
    development: true,
    ...(options.digest
      ? {
          llm: options.digest.llm,
          redisUrl,
          redisKeyPrefix: `${redisPrefix}summariser:`,
          digest: {
            concurrency: 4,
            catchUpHours: 24,
            jobLockMs: options.digest.jobLockMs,
            batchSize: options.digest.batchSize,
          },
        }
      : {}),
  };
  const mailerSettings: MailerSettings = {
    identitySecret: IDENTITY_SECRET,
    previousIdentitySecret: PREVIOUS_IDENTITY_SECRET,
    database: database("mailer", 4),
    publicUrl: "http://localhost:3000",
    mailDir,
    smtpUrl: options.smtpUrl,
    from: "tubedigest <digest@tubedigest.localhost>",
    devMailbox: true,
    // The complaint endpoint on, so the API description and the hostile-input run reach it.
    complaintsSecret: "complaints-secret-of-the-test-stack-0123456789",
    // Unless a test asks otherwise, a landing-page sign-up's welcome at once, as a password sign-up's:
    // these tests read it in the mailbox.
    landingWelcomeDelayMs: options.landingWelcomeDelayMs ?? 0,
    site: DEVELOPMENT_SITE,
  };
  let slowCatalog: { url: string; close(): void } | undefined;
  const product = await composeProduct(
    { events, embeddedDatabase, log: () => log },
    {
      auth: {
        secureCookies,
        claimSecret: "claim-secret-for-tests-only-0123456789",
        identitySecret: IDENTITY_SECRET,
        previousIdentitySecret: PREVIOUS_IDENTITY_SECRET,
        database: database("auth", 0),
      },
      catalog: {
        identitySecret: IDENTITY_SECRET,
        previousIdentitySecret: PREVIOUS_IDENTITY_SECRET,
        database: database("catalog", 1),
        redisUrl,
        redisKeyPrefix: `${redisPrefix}catalog:`,
        youtube: youtube
          ? {
              apiKey: "test-key",
              rootUrl: youtube.rootUrl,
              feedUrl: youtube.feedUrl,
              requestTimeoutMs: 1_000,
            }
          : {},
      },
      billing: {
        identitySecret: IDENTITY_SECRET,
        previousIdentitySecret: PREVIOUS_IDENTITY_SECRET,
        database: database("billing", 2),
        stripe: stripe ? { ...stripe.billingSettings, timeoutMs: 2_000 } : undefined,
        testMode: true,
        publicUrl: "http://localhost:3000",
      },
      summariser: summariserSettings,
      mailer: mailerSettings,
      gateway: {
        secureCookies,
        sessionSecret: "session-secret-for-tests-only-0123456789",
        identitySecret: IDENTITY_SECRET,
        redisUrl,
        redisKeyPrefix: redisPrefix,
        webDist: options.webDist ?? path.join(tmpdir(), "no-web-build-here"),
        site: DEVELOPMENT_SITE,
        trustProxy: options.trustProxy ?? (secureCookies ? 1 : 0),
        signInRateLimit: { max: options.signInRateLimit ?? 1000, windowSeconds: 60 },
        searchRateLimit: options.searchRateLimit ?? 1000,
        summaryRateLimit: options.summaryRateLimit ?? 1000,
        summaryToolRateLimit: options.summaryToolRateLimit ?? 1000,
        abandonmentRateLimit: options.abandonmentRateLimit ?? 1000,
        newsletterRateLimit: options.newsletterRateLimit ?? 1000,
        accountChangeRateLimit: options.accountChangeRateLimit ?? 1000,
        checkoutRateLimit: options.checkoutRateLimit ?? 1000,
        devMailbox: true,
        devDigest: true,
      },
    },
    {
      dependencies: {
        auth: { now: options.now },
        mailer: { now: options.now },
        summariser: {
          // A newsletter asked for by someone with no channel answers within a moment (the wait has tests of its own).
          followsWaitMs: 100,
          ...(options.digest ? { leases: { leaseMs: options.digest.leaseMs, pollMs: 50 } } : {}),
        },
      },
      async catalogForSummariser(catalogUrl) {
        const delayMs = options.digest?.catalogDelayMs;
        if (!delayMs) return catalogUrl;
        slowCatalog = await startSlowHttpProxy(catalogUrl, delayMs);
        return slowCatalog.url;
      },
      upstreams: options.upstreams,
    },
  );
  const { urls } = product;
  return {
    gateway: product.gateway,
    services: urls,
    mailer: product.mailer,
    mailDir,
    youtube,
    events,
    ...(testBus.rabbitMq
      ? {
          summariserReplica: {
            settings: {
              ...summariserSettings,
              catalogUrl: slowCatalog?.url ?? urls.catalog,
              billingUrl: urls.billing,
            },
            bus: testBus.rabbitMq,
          },
          mailerReplica: { settings: mailerSettings, bus: testBus.rabbitMq },
        }
      : {}),
    consumingQueues: testBus.consumingQueues,
    databases: Object.fromEntries(
      schemas.map((schema, index) => [STACK_SERVICES[index], { url: schema.url, schema: schema.schema }]),
    ),
    redisPrefix,
    async stop() {
      await product.stop();
      slowCatalog?.close();
      await testBus.cleanup();
      await youtube?.close();
      await Promise.all(schemas.map((schema) => schema.drop()));
      await embeddedDatabase?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      rmSync(mailDir, { recursive: true, force: true });
      if (real) await deleteRedisKeys(redisPrefix);
    },
  };
}

/** What a stack made outside its process: schemas, Redis keys, RabbitMQ exchanges and queues, folders. */
interface Leftovers {
  pid: number;
  schemas: string[];
  redisPrefixes: string[];
  exchanges: string[];
  queues: string[];
  dirs: string[];
}

/** Where each worker's shared stacks write down what they made, for whoever outlives it to remove. */
const LEFTOVERS_DIR = path.join(tmpdir(), "td-gateway-shared-stacks");

/** A shared stack's list of what it made, kept on disk from the moment each thing exists. */
class Tracker {
  private readonly leftovers: Leftovers = {
    pid: process.pid,
    schemas: [],
    redisPrefixes: [],
    exchanges: [],
    queues: [],
    dirs: [],
  };
  readonly file: string;

  constructor(infra: Infra) {
    mkdirSync(LEFTOVERS_DIR, { recursive: true });
    this.file = path.join(LEFTOVERS_DIR, `${process.pid}-${infra}.json`);
  }

  add(more: Partial<Omit<Leftovers, "pid">>): void {
    for (const [key, values] of Object.entries(more) as [keyof Omit<Leftovers, "pid">, string[]][]) {
      this.leftovers[key].push(...values);
    }
    writeFileSync(this.file, JSON.stringify(this.leftovers));
  }
}

/** The bus, noting every queue a subscription declares on RabbitMQ (as the test bus names them). */
function trackingQueues(bus: EventBus, address: TestBusAddress, track: Tracker): EventBus {
  return {
    ...bus,
    subscribe(subscriptions) {
      const service = `${subscriptions.service}-${address.queueSuffix}`;
      track.add({
        queues: Object.entries(subscriptions.queues).flatMap(([purpose, queue]) => {
          const name = queueName(service, purpose);
          // The test bus retries after 50 and 100 ms unless a queue names its own delays.
          const delays = queue.retry?.delaysMs ?? [50, 100];
          return [name, deadLetterQueueName(name), ...delays.map((delay) => retryQueueName(name, delay))];
        }),
      });
      return bus.subscribe(subscriptions);
    },
  };
}

/** Removes what a list names; each step alone, so one part being away leaves only its own things. */
async function removeLeftovers(leftovers: Leftovers): Promise<void> {
  const steps: Promise<unknown>[] = [];
  if (leftovers.schemas.length > 0) {
    steps.push(
      (async () => {
        const client = new pg.Client({ connectionString: testInfra.postgresUrl });
        await client.connect();
        try {
          const names = leftovers.schemas.map((schema) => `"${schema}"`).join(", ");
          await client.query(`drop schema if exists ${names} cascade`);
        } finally {
          await client.end();
        }
      })(),
    );
  }
  for (const prefix of leftovers.redisPrefixes) steps.push(deleteRedisKeys(prefix));
  if (leftovers.exchanges.length + leftovers.queues.length > 0) {
    steps.push(
      (async () => {
        const connection = await amqp.connect(testInfra.amqpUrl);
        try {
          const channel = await connection.createChannel();
          // All at once on one channel: the broker answers them in order, without a round trip each.
          await Promise.all([
            ...leftovers.queues.map((queue) => channel.deleteQueue(queue)),
            ...leftovers.exchanges.map((exchange) => channel.deleteExchange(exchange)),
          ]);
        } finally {
          await connection.close();
        }
      })(),
    );
  }
  for (const dir of leftovers.dirs) rmSync(dir, { recursive: true, force: true });
  const results = await Promise.allSettled(steps);
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw (failed as PromiseRejectedResult).reason;
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * What shared stacks of workers no longer running left behind (a worker is killed soon after its last
 * file, sometimes before its own clean-up ends). A list stays until what it names is gone.
 */
async function removeDeadWorkersLeftovers(): Promise<void> {
  let files: string[];
  try {
    files = readdirSync(LEFTOVERS_DIR);
  } catch {
    return;
  }
  for (const file of files) {
    const at = path.join(LEFTOVERS_DIR, file);
    try {
      const leftovers = JSON.parse(readFileSync(at, "utf8")) as Leftovers;
      if (isRunning(leftovers.pid)) continue;
      await removeLeftovers(leftovers);
      rmSync(at, { force: true });
    } catch {
      // A part away, or a list half written by a worker killed mid-write: the next start tries again.
    }
  }
}

const sharedStacks = new Map<Infra, Promise<TestStack>>();

/**
 * The stack with the default options (and the web app's page to serve), one of each kind per worker,
 * shared by every file that needs no options of its own: a worker keeps its modules from one file to the next (`isolate: false`), and a
 * stack's start costs seconds of CPU. A file using it shares the stack's data with other files, so it
 * makes its own accounts (unique addresses) and reads only what is theirs; and it never stops it: the
 * stack lives until the worker ends. What it made outside the process (schemas, Redis keys, RabbitMQ
 * exchanges and queues, folders) is listed in the system's temporary folder as it is made; the first
 * shared stack a worker starts removes what the lists of workers no longer running name, so a run clears
 * what earlier runs left. When vitest ends a worker (SIGTERM, then SIGKILL half a second later) the worker
 * starts removing its own; its list goes once all it names is gone.
 */
export function sharedTestStack(infra: Infra): Promise<TestStack> {
  let stack = sharedStacks.get(infra);
  if (!stack) {
    stack = startSharedStack(infra);
    sharedStacks.set(infra, stack);
    stack.catch(() => sharedStacks.delete(infra));
  }
  return stack;
}

let workerEndHooked = false;

async function startSharedStack(infra: Infra): Promise<TestStack> {
  if (!workerEndHooked) {
    workerEndHooked = true;
    await removeDeadWorkersLeftovers();
    process.once("SIGTERM", () => {
      void removeOwnLeftovers().finally(() => process.exit(143));
    });
  }
  const track = new Tracker(infra);
  ownLeftovers.push(track.file);
  // The web app's page as the build writes it, so the gateway serves its pages (a shared summary's
  // /s/{id}) rather than answering 503.
  const webDist = mkdtempSync(path.join(tmpdir(), "td-web-"));
  track.add({ dirs: [webDist] });
  copyFileSync(new URL("../../../web/index.html", import.meta.url), path.join(webDist, "index.html"));
  const stack = await startTestStack(infra, { webDist }, track);
  return {
    ...stack,
    async stop() {
      // Other files use it after this one: it ends with the worker.
    },
  };
}

const ownLeftovers: string[] = [];

/** At the worker's end: what its shared stacks made, removed without waiting for the services to close. */
async function removeOwnLeftovers(): Promise<void> {
  await Promise.allSettled(
    ownLeftovers.map(async (file) => {
      await removeLeftovers(JSON.parse(readFileSync(file, "utf8")) as Leftovers);
      rmSync(file, { force: true });
    }),
  );
}

/** The gateway's port on this machine; it listens from the first call (a shared stack's may already). */
export async function gatewayPort(stack: TestStack): Promise<number> {
  if (!stack.gateway.server.listening) await stack.gateway.listen({ port: 0, host: "127.0.0.1" });
  const address = stack.gateway.server.address();
  return typeof address === "object" && address ? address.port : 0;
}

/** A browser's cookie jar over `inject`: keeps what the server sets and sends it back. */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly gateway: ServiceApp) {}

  async call(
    method: InjectOptions["method"],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await this.gateway.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions["payload"] }),
    });
    this.keep(response);
    return response;
  }

  private keep(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as { name: string; value: string; expires?: Date }[]) {
      const expired = cookie.expires !== undefined && cookie.expires.getTime() <= Date.now();
      if (expired || cookie.value === "") this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

/** A channel with one video of today in the fake Data API, for the sample newsletter; its id. */
function addFeaturedChannel(youtube: FakeYoutubeApi): string {
  const id = channelId();
  youtube.addChannel({
    id,
    title: "Featured fixture",
    description: "",
    thumbnailUrl: "https://example.invalid/featured.jpg",
    subscriberCount: 1,
  });
  youtube.addVideo({
    id: uniqueName("v")
      .replace(/[^A-Za-z0-9]/g, "")
      .padEnd(11, "x")
      .slice(0, 11),
    channelId: id,
    title: "What the featured channel published",
    description: "The tide follows the moon. A tide table shows when. The video ends with a quiz about it.",
    publishedAt: new Date(Date.now() - 3_600_000).toISOString(),
    duration: "PT10M",
  });
  return id;
}
