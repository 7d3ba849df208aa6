import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RecordEvent } from "@tubedigest/bus";
import { busMigrations } from "@tubedigest/bus";
import { createTestBus, schemaTemplate, type TestBus } from "@tubedigest/bus/testing";
import { type AnyEvent, createEvent } from "@tubedigest/contracts";
import { createDatabase, type Database, migrateToLatest } from "@tubedigest/db";
import type { ServiceApp } from "@tubedigest/http";
import { callerHeaders } from "@tubedigest/http/caller-proof";
import { eventually } from "@tubedigest/testing/eventually";
import { deleteRedisKeys } from "@tubedigest/testing/redis-keys";
import { testInfra, uniqueName } from "@tubedigest/testing/test-infra";
import { createMigratedTestSchema } from "@tubedigest/testing/test-schema";
import { type FakeYoutubeApi, startFakeYoutubeApi } from "@tubedigest/testing/youtube";
import { pino } from "pino";
import { createMemoryJsonCache } from "../../src/adapters/cache/memory-json-cache.ts";
import { createRedisJsonCache } from "../../src/adapters/cache/redis-json-cache.ts";
import { createFetchUploadsFeed } from "../../src/adapters/youtube/fetch-uploads-feed.ts";
import { createGoogleYoutubeCatalog } from "../../src/adapters/youtube/google-youtube-catalog.ts";
import { meteredYoutube } from "../../src/adapters/youtube/metered-youtube.ts";
import { buildCatalogApp, catalogMigrations } from "../../src/app.ts";
import type { CatalogSettings } from "../../src/config.ts";
import type { CatalogContext } from "../../src/domain/catalog-context.ts";
import { createQuotaMeter } from "../../src/domain/quota-meter.ts";
import type { CatalogDatabase } from "../../src/store/database.ts";
import { migrations } from "../../src/store/migrations/index.ts";

/** The secret the gateway would sign callers with; these tests stand in for the gateway. */
const IDENTITY_SECRET = "identity-secret-for-tests-only-0123456789";

/** What the gateway sends for a signed-in user: their id, its proof, the request id it is bound to. */
export const asUser = (userId: string) => callerHeaders(IDENTITY_SECRET, userId, randomUUID());

const silent = pino({ level: "silent" });

export interface CatalogUnderTest {
  app: ServiceApp;
  /** The bus catalog publishes to and consumes from (RabbitMQ on an exchange of this test's own). */
  testBus: TestBus;
  fake: FakeYoutubeApi;
  /** A second connection to the service's schema, for checking what it stored. */
  database: Database<CatalogDatabase>;
  stop(): Promise<void>;
}

type Overrides = {
  youtube?: Partial<CatalogSettings["youtube"]>;
  uploads?: CatalogSettings["uploads"];
};

/** Each test's schema comes migrated (`createMigratedTestSchema`): the migrations run once per worker. */
const catalogTemplate = schemaTemplate("catalog", catalogMigrations);

/**
 * Catalog as it runs in production: the real Postgres (a schema of its own), the real Redis (a key
 * prefix of its own) and the official YouTube SDK pointed at a fake Data API.
 */
export async function startCatalog(overrides: Overrides = {}): Promise<CatalogUnderTest> {
  const schema = await createMigratedTestSchema("catalog", catalogTemplate);
  const fake = await startFakeYoutubeApi();
  const redisKeyPrefix = `${uniqueName("catalog")}:`;
  const testBus = await createTestBus("rabbitmq");
  const app = await buildCatalogApp(
    {
      identitySecret: IDENTITY_SECRET,
      database: { url: schema.url, schema: schema.schema },
      redisUrl: testInfra.redisUrl,
      redisKeyPrefix,
      youtube: {
        apiKey: "test-api-key",
        rootUrl: fake.rootUrl,
        feedUrl: fake.feedUrl,
        dailyQuotaUnits: 10_000,
        requestTimeoutMs: 1_000,
        ...overrides.youtube,
      },
      uploads: { refreshAfterSeconds: 0, ...overrides.uploads },
    },
    { log: silent, events: testBus.bus },
  ).catch(async (error: unknown) => {
    // A start that fails leaves nothing behind on the shared Postgres and RabbitMQ.
    await testBus.cleanup();
    await fake.close();
    await schema.drop();
    throw error;
  });
  const database = createDatabase<CatalogDatabase>({ url: schema.url, schema: schema.schema, poolSize: 2 });
  return {
    app,
    testBus,
    fake,
    database,
    async stop() {
      await testBus.bus.close();
      await app.close();
      await testBus.cleanup();
      await database.close();
      await fake.close();
      await schema.drop();
      await deleteRedisKeys(redisKeyPrefix);
    },
  };
}

/**
 * Publishes an event on catalog's bus, as another service's outbox relay would, and waits until catalog
 * has handled it: its inbox row commits with the handler's effect, or with nothing when it was ignored.
 */
export async function deliver(catalog: CatalogUnderTest, event: AnyEvent): Promise<void> {
  await catalog.testBus.bus.publishEvent(event);
  await eventually(() =>
    catalog.database.db
      .selectFrom("inbox")
      .select("event_id")
      .where("event_id", "=", event.id)
      .executeTakeFirst(),
  );
}

/** Billing's word that the user now has `plan` allowing `channelAllowance` channels. */
export function planActivated(
  userId: string,
  plan: "solo" | "creator" | "premium" | "pro",
  channelAllowance: number,
  occurredAt = new Date(),
) {
  return createEvent(
    "subscription.activated",
    { userId, plan, channelAllowance, currentPeriodEnd: "2026-12-22T09:00:00.000Z", testMode: false },
    { correlationId: "billing-checkout", occurredAt },
  );
}

/** The embedded product's parts: PGlite in a temporary folder, memory cache, the demo catalog. */
export async function startEmbeddedCatalog(): Promise<{ app: ServiceApp; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "td-catalog-"));
  const testBus = await createTestBus("in-process");
  const app = await buildCatalogApp(
    {
      identitySecret: IDENTITY_SECRET,
      database: { dataDir, schema: "catalog" },
      youtube: { dailyQuotaUnits: 10_000 },
    },
    { log: silent, events: testBus.bus },
  );
  return {
    app,
    async stop() {
      await testBus.bus.close();
      await app.close();
      await testBus.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ContextUnderTest {
  context: CatalogContext;
  fake: FakeYoutubeApi;
  /** What the operations logged as warnings, oldest first. */
  warnings: { details: object; message: string }[];
  /** Moves the context's clock (shared with every replica). */
  setNow(date: Date): void;
  /**
   * Catalog's operations as a second replica would run them: the same schema, fake and clock, but a
   * connection pool and in-process state of its own. Stopped with the harness.
   */
  replica(): CatalogContext;
  stop(): Promise<void>;
}

/**
 * Catalog's operations wired as app.ts wires them, on the real parts, with a clock the test moves and
 * the event seam in the test's hands. With `cache: "memory"` the cache expires entries by that clock
 * too (Redis keeps real time), for tests of what happens days later.
 */
export async function startContext(
  options: {
    recordEvent?: RecordEvent<CatalogDatabase>;
    uploads?: Partial<CatalogContext["uploads"]>;
    cache?: "redis" | "memory";
  } = {},
): Promise<ContextUnderTest> {
  const schema = await createMigratedTestSchema("catalog", catalogTemplate);
  const fake = await startFakeYoutubeApi();
  const database = createDatabase<CatalogDatabase>({ url: schema.url, schema: schema.schema });
  await migrateToLatest(database.db, database.schema, { ...busMigrations, ...migrations });
  const replicaDatabases: Database<CatalogDatabase>[] = [];
  const warnings: ContextUnderTest["warnings"] = [];
  const redisKeyPrefix = `${uniqueName("catalog")}:`;
  let now = new Date();
  const clock = () => now;
  const cache =
    options.cache === "memory"
      ? createMemoryJsonCache(() => now.getTime())
      : createRedisJsonCache({
          url: testInfra.redisUrl,
          keyPrefix: redisKeyPrefix,
          log: pino({ level: "silent" }),
        });
  const contextOn = (db: Database<CatalogDatabase>["db"]): CatalogContext => ({
    db,
    youtube: meteredYoutube(
      createGoogleYoutubeCatalog({ apiKey: "test-api-key", rootUrl: fake.rootUrl, requestTimeoutMs: 1_000 }),
      createQuotaMeter(db, { dailyQuotaUnits: 10_000 }, clock),
    ),
    uploadsFeed: createFetchUploadsFeed({ feedUrl: fake.feedUrl, timeoutMs: 1_000 }),
    cache,
    recordEvent: options.recordEvent ?? (async () => {}),
    log: { warn: (details, message) => warnings.push({ details, message }) },
    now: clock,
    uploads: {
      refreshAfterSeconds: 0,
      firstCheckLookbackDays: 7,
      checkIntervalHours: 24,
      checksPerTick: 500,
      ...options.uploads,
    },
    uploadChecks: new Map(),
  });
  return {
    context: contextOn(database.db),
    fake,
    warnings,
    setNow(date) {
      now = date;
    },
    replica() {
      const replicaDatabase = createDatabase<CatalogDatabase>({ url: schema.url, schema: schema.schema });
      replicaDatabases.push(replicaDatabase);
      return contextOn(replicaDatabase.db);
    },
    async stop() {
      await cache.close();
      for (const replicaDatabase of replicaDatabases) await replicaDatabase.close();
      await database.close();
      await fake.close();
      await schema.drop();
      await deleteRedisKeys(redisKeyPrefix);
    },
  };
}
