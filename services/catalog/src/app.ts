import {
  busMigrations,
  type EventBus,
  measureEventBus,
  openServiceStore,
  writeToOutbox,
} from "@tubedigest/bus";
import type { EmbeddedPostgres, Migrations } from "@tubedigest/db";
import { createServiceApp, type ServiceApp } from "@tubedigest/http";
import type { Logger } from "pino";
import type { JsonCache } from "./adapters/cache/json-cache.ts";
import { createMemoryJsonCache } from "./adapters/cache/memory-json-cache.ts";
import { createRedisJsonCache } from "./adapters/cache/redis-json-cache.ts";
import { createDemoUploadsFeed } from "./adapters/youtube/demo-uploads-feed.ts";
import { createDemoYoutubeCatalog } from "./adapters/youtube/demo-youtube-catalog.ts";
import { createFetchUploadsFeed } from "./adapters/youtube/fetch-uploads-feed.ts";
import { createGoogleYoutubeCatalog } from "./adapters/youtube/google-youtube-catalog.ts";
import { meteredYoutube, unmetered, type YoutubeFor } from "./adapters/youtube/metered-youtube.ts";
import type { UploadsFeed } from "./adapters/youtube/uploads-feed.ts";
import { DEFAULT_REQUEST_TIMEOUT_MS } from "./adapters/youtube/youtube-catalog.ts";
import { type CatalogSettings, DEFAULT_FEED_URL } from "./config.ts";
import type { CatalogContext } from "./domain/catalog-context.ts";
import { createQuotaMeter } from "./domain/quota-meter.ts";
import { catalogSubscriptions } from "./events/subscriptions.ts";
import { measuredQuotaMeter } from "./metrics/quota-metrics.ts";
import { registerChannelRoutes } from "./routes/channel-routes.ts";
import { registerImportRoutes } from "./routes/import-routes.ts";
import { registerInternalRoutes } from "./routes/internal-routes.ts";
import { registerSearchRoutes } from "./routes/search-routes.ts";
import type { CatalogDatabase } from "./store/database.ts";
import { migrations } from "./store/migrations/index.ts";

/** Everything catalog's schema is made of: its own migrations and the bus's outbox and inbox. */
export const catalogMigrations: Migrations = { ...busMigrations, ...migrations };

/** What catalog is handed rather than building: the process's logger, its event bus and shared database. */
export interface CatalogDependencies {
  log: Logger;
  events: EventBus;
  /** The embedded product's one database, where catalog keeps to its schema; settings say where otherwise. */
  embeddedDatabase?: EmbeddedPostgres;
  /** Answer only at localhost, 127.0.0.1 or [::1]: the embedded product's loopback ports in development. */
  loopbackOnly?: boolean;
  /** The clock; `make start` gives its development clock (see DevClock), so the demo's days can be moved. */
  now?: () => Date;
}

/**
 * Builds the catalog service: migrates its schema, relays its outbox, follows the channels picked at
 * sign-up, checks followed channels for new uploads on the scheduler's hourly tick (announcing each
 * video a digest will carry), and answers channel search, the user's channel list and other services'
 * questions about channels' new videos.
 */
export async function buildCatalogApp(
  settings: CatalogSettings,
  dependencies: CatalogDependencies,
): Promise<ServiceApp> {
  const store = await openServiceStore<CatalogDatabase>({
    database: settings.database,
    embedded: dependencies.embeddedDatabase,
    migrations: catalogMigrations,
    events: dependencies.events,
    log: dependencies.log,
  });
  const database = store.database;
  const now = dependencies.now ?? (() => new Date());
  const cache: JsonCache = settings.redisUrl
    ? createRedisJsonCache({
        url: settings.redisUrl,
        keyPrefix: settings.redisKeyPrefix ?? "td:catalog:",
        log: dependencies.log,
      })
    : createMemoryJsonCache();
  const app = createServiceApp({
    name: "catalog",
    logger: dependencies.log,
    loopbackOnly: dependencies.loopbackOnly,
    identitySecret: settings.identitySecret,
    previousIdentitySecret: settings.previousIdentitySecret,
    readiness: {
      essential: store.readiness.essential,
      // Searches are answered without the cache while it is away, so it only degrades the service.
      degradable: {
        ...store.readiness.degradable,
        cache: async () => cache.available(),
      },
    },
  });
  measureEventBus(app, { service: "catalog", events: dependencies.events, db: store.database.db });
  app.addHook("onClose", async () => {
    await cache.close();
    await store.close();
  });

  const { apiKey, rootUrl, requestTimeoutMs, feedUrl } = settings.youtube;
  let youtube: YoutubeFor;
  let uploadsFeed: UploadsFeed;
  if (apiKey) {
    youtube = meteredYoutube(
      createGoogleYoutubeCatalog({ apiKey, rootUrl, requestTimeoutMs }),
      measuredQuotaMeter(app, createQuotaMeter(database.db, settings.youtube, now)),
    );
    uploadsFeed = createFetchUploadsFeed({
      feedUrl: feedUrl ?? DEFAULT_FEED_URL,
      timeoutMs: requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    });
  } else {
    const demo = createDemoYoutubeCatalog(now);
    youtube = unmetered(demo);
    uploadsFeed = createDemoUploadsFeed(demo);
  }
  app.log.info({ youtube: apiKey ? "data-api" : "demo-catalog" }, "catalog adapters chosen");

  const context: CatalogContext = {
    db: database.db,
    youtube,
    uploadsFeed,
    cache,
    recordEvent: writeToOutbox,
    log: app.log,
    now,
    uploads: {
      refreshAfterSeconds: settings.uploads?.refreshAfterSeconds ?? 3_600,
      firstCheckLookbackDays: settings.uploads?.firstCheckLookbackDays ?? 7,
      checkIntervalHours: settings.uploads?.checkIntervalHours ?? 24,
      checksPerTick: settings.uploads?.checksPerTick ?? 500,
    },
    uploadChecks: new Map(),
  };
  registerSearchRoutes(app, context);
  registerChannelRoutes(app, context);
  registerImportRoutes(app, context);
  registerInternalRoutes(app, context);
  await dependencies.events.subscribe(catalogSubscriptions(context));
  return app;
}
