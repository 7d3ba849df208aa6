import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import {
  busMigrations,
  type EventBus,
  measureEventBus,
  openServiceStore,
  writeToOutbox,
} from "@tubedigest/bus";
import type { EmbeddedPostgres, Migrations } from "@tubedigest/db";
import { createServiceApp, type DevClock, type ServiceApp } from "@tubedigest/http";
import type { JobQueue } from "@tubedigest/jobs";
import pLimit from "p-limit";
import type { Logger } from "pino";
import { modelPriceOf } from "./adapters/model-prices.ts";
import { type BillingClient, createHttpBillingClient } from "./adapters/service-clients/billing-client.ts";
import { type CatalogClient, createHttpCatalogClient } from "./adapters/service-clients/catalog-client.ts";
import { chooseSummaryWriter } from "./adapters/summary-writers/choose-summary-writer.ts";
import type { SummaryWriter } from "./adapters/summary-writers/summary-writer.ts";
import { checkYtDlp } from "./adapters/transcripts/audio/yt-dlp-version.ts";
import { chooseTranscriptSource } from "./adapters/transcripts/choose-transcript-source.ts";
import { createSponsorBlockClient } from "./adapters/transcripts/sponsor-segments.ts";
import { transcriptObserver } from "./adapters/transcripts/transcript-observer.ts";
import type { TranscriptSource } from "./adapters/transcripts/transcript-source.ts";
import {
  DEFAULT_DIGEST_SETTINGS,
  DEFAULT_PREVIEW_NEW_CHANNELS_PER_DAY,
  DEFAULT_REDIS_KEY_PREFIX,
  DEFAULT_SAMPLE_CHANNELS,
  type SummariserSettings,
} from "./config.ts";
import { composeSampleNewsletter } from "./digest/compose-sample-newsletter.ts";
import { DIGEST_BATCH_SIZE, type DigestJobs } from "./digest/digest-jobs.ts";
import { digestJobHandlers, openDigestJobs } from "./digest/digest-queue.ts";
import { newsletterLinkKeyFrom } from "./digest/newsletter-link.ts";
import { sampleNewsletterSource } from "./digest/sample-newsletter-source.ts";
import { summariserSubscriptions } from "./events/subscriptions.ts";
import { chooseGlanceWriter } from "./glance/choose-glance-writer.ts";
import type { GlanceWriter } from "./glance/glance-writer.ts";
import { prometheusMetrics } from "./metrics/prometheus-metrics.ts";
import { registerArchiveSearchRoutes } from "./routes/archive-search-routes.ts";
import { registerDeliveryTimeRoutes } from "./routes/delivery-time-routes.ts";
import { registerDevDigestRoutes } from "./routes/dev-digest-routes.ts";
import { registerFocusRoutes } from "./routes/focus-routes.ts";
import { registerNewsletterRoutes } from "./routes/newsletter-routes.ts";
import { registerPreviewRoutes } from "./routes/preview-routes.ts";
import { registerSampleRoutes } from "./routes/sample-routes.ts";
import { registerSharedSummaryRoutes } from "./routes/shared-summary-routes.ts";
import { registerSingleSummaryRoutes } from "./routes/single-summary-routes.ts";
import { registerVideoRoutes } from "./routes/video-routes.ts";
import type { SummariserContext } from "./shared/summariser-context.ts";
import type { SummariserDatabase } from "./store/database.ts";
import { migrations } from "./store/migrations/index.ts";

/** Everything the summariser's schema is made of: its own migrations and the bus's outbox and inbox. */
export const summariserMigrations: Migrations = { ...busMigrations, ...migrations };

/** What the summariser is handed rather than building: logger, bus, shared database, and test seams. */
export interface SummariserDependencies {
  log: Logger;
  events: EventBus;
  embeddedDatabase?: EmbeddedPostgres;
  /** Tests give their own; otherwise chosen from the settings. */
  writer?: SummaryWriter;
  glanceWriter?: GlanceWriter;
  transcripts?: TranscriptSource;
  catalog?: CatalogClient;
  billing?: BillingClient;
  /** Lease timing; tests shorten the lease to see a dead holder's lease taken over. */
  leases?: { leaseMs?: number; pollMs?: number; owner?: string };
  toolWaitMs?: number;
  /** The digest's work queue; otherwise opened from the settings (BullMQ with a Redis URL). Closed with the app. */
  jobs?: JobQueue<DigestJobs>;
  /** How long "generate newsletter" waits for its newsletter (20 s). */
  generateWaitMs?: number;
  /** How long "generate newsletter" waits for a channel followed a moment ago to arrive (3 s). */
  followsWaitMs?: number;
  /** The clock; tests that move through weeks give their own. */
  now?: () => Date;
  /**
   * Development only: the product's clock when it runs in one process, which `POST /dev/clock` moves
   * forward (the summariser then reads the time from it).
   */
  devClock?: DevClock;
  /** Answer only at localhost, 127.0.0.1 or [::1]: the embedded product's loopback ports in development. */
  loopbackOnly?: boolean;
}

/**
 * Builds the summariser: one faithful summary per video, made once and shared (a lease in the database
 * decides who calls the model), the weekly digest (read models of recipients and follows, the fan-out on
 * digest.due, compose jobs on a work queue, the newsletters and their history), the newsletter preview,
 * the hidden single-video tool and single summaries.
 */
export async function buildSummariserApp(
  settings: SummariserSettings,
  dependencies: SummariserDependencies,
): Promise<ServiceApp> {
  const now = dependencies.now ?? dependencies.devClock?.now ?? (() => new Date());
  // Only a chain with speech-to-text runs yt-dlp; asked while the store opens, so start-up waits no longer.
  const ytDlpPath =
    settings.transcripts.source === "youtube" && settings.transcripts.steps?.includes("speech-to-text")
      ? settings.transcripts.speechToText?.ytDlpPath
      : undefined;
  const [store, ytDlpVersion] = await Promise.all([
    openServiceStore<SummariserDatabase>({
      database: settings.database,
      embedded: dependencies.embeddedDatabase,
      migrations: summariserMigrations,
      events: dependencies.events,
      log: dependencies.log,
    }),
    ytDlpPath ? checkYtDlp(ytDlpPath, dependencies.log, now()) : undefined,
  ]);
  const database = store.database;
  const jobs =
    dependencies.jobs ??
    openDigestJobs(
      {
        redisUrl: settings.redisUrl,
        redisKeyPrefix: settings.redisKeyPrefix ?? DEFAULT_REDIS_KEY_PREFIX,
        jobLockMs: settings.digest?.jobLockMs,
      },
      dependencies.log,
    );
  const app = createServiceApp({
    name: "summariser",
    logger: dependencies.log,
    loopbackOnly: dependencies.loopbackOnly,
    identitySecret: settings.identitySecret,
    previousIdentitySecret: settings.previousIdentitySecret,
    readiness: {
      essential: store.readiness.essential,
      // Without the queue's Redis, digests wait in their rows; the next digest.due adds their jobs.
      degradable: { ...store.readiness.degradable, jobs: async () => jobs.isConnected() },
      ...(ytDlpVersion ? { details: () => ({ ytDlpVersion }) } : {}),
    },
  });
  measureEventBus(app, { service: "summariser", events: dependencies.events, db: store.database.db });
  const digest = { ...DEFAULT_DIGEST_SETTINGS, ...settings.digest };

  const modelPrice = settings.llm && modelPriceOf(settings.llm.model);
  if (settings.llm && !modelPrice) {
    app.log.warn(
      { model: settings.llm.model },
      "no list price is known for this model: its calls and tokens are counted, their cost is not",
    );
  }
  const metrics = prometheusMetrics(app, modelPrice);
  // LLM_CONCURRENCY bounds every call to the model, so the summaries and the glances share its places.
  const modelCalls = settings.llm && pLimit(settings.llm.concurrency);
  const writer = dependencies.writer ?? (await chooseSummaryWriter(settings.llm, modelCalls));
  const glanceWriter =
    dependencies.glanceWriter ?? (await chooseGlanceWriter(settings.llm, modelCalls, metrics.glanceWritten));
  const transcripts =
    dependencies.transcripts ??
    (await chooseTranscriptSource(settings.transcripts, database.db, transcriptObserver(app.log, metrics)));
  const sponsorSegments = settings.transcripts.sponsorBlockUrl
    ? createSponsorBlockClient({
        baseUrl: settings.transcripts.sponsorBlockUrl,
        onReachability: (reachable, reason) =>
          reachable
            ? app.log.info("SponsorBlock answers again: sponsor reads are cut from transcripts")
            : app.log.warn(
                { reason },
                "SponsorBlock cannot be reached: transcripts keep their sponsor reads meanwhile",
              ),
      })
    : undefined;
  app.log.info(
    { writer: writer.name, transcripts: transcripts.name, sponsorBlock: sponsorSegments !== undefined },
    "summariser adapters chosen",
  );
  if (settings.toolPassword === undefined) {
    app.log.info(
      "the hidden summary tool (/ps) is off: set SUMMARY_TOOL_PASSWORD (8+ characters) to turn it on",
    );
  }
  const context: SummariserContext = {
    db: database.db,
    catalog: dependencies.catalog ?? createHttpCatalogClient(settings.catalogUrl),
    billing: dependencies.billing ?? createHttpBillingClient(settings.billingUrl, settings.identitySecret),
    transcripts,
    sponsorSegments,
    writer,
    glanceWriter,
    recordEvent: writeToOutbox,
    log: app.log,
    now,
    leases: {
      owner: dependencies.leases?.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
      leaseMs: dependencies.leases?.leaseMs ?? 60_000,
      pollMs: dependencies.leases?.pollMs ?? 250,
    },
    inFlight: new Map(),
    upgrading: new Map(),
    newsletterLinkKey: newsletterLinkKeyFrom(settings.identitySecret),
    toolPassword: settings.toolPassword,
    previewWaitMs: settings.previewWaitMs,
    previewNewChannelsPerDay: settings.previewNewChannelsPerDay ?? DEFAULT_PREVIEW_NEW_CHANNELS_PER_DAY,
    // Within the gateway's 30-second wait for an answer; a longer summary goes on and the next call gets it.
    toolWaitMs: dependencies.toolWaitMs ?? 25_000,
    digest: {
      jobs,
      catchUpHours: digest.catchUpHours,
      batchSize: digest.batchSize ?? DIGEST_BATCH_SIZE,
      // Within the gateway's 30-second wait for an answer.
      generateWaitMs: dependencies.generateWaitMs ?? 20_000,
      followsWaitMs: dependencies.followsWaitMs ?? 3_000,
    },
    metrics,
  };
  registerPreviewRoutes(app, context);
  const sampleChannels = settings.sampleChannels ?? DEFAULT_SAMPLE_CHANNELS[settings.transcripts.source];
  registerSampleRoutes(
    app,
    sampleNewsletterSource({
      compose: () => composeSampleNewsletter(context, sampleChannels),
      now: context.now,
      log: context.log,
    }),
  );
  registerVideoRoutes(app, context);
  registerSingleSummaryRoutes(app, context);
  registerNewsletterRoutes(app, context);
  registerDeliveryTimeRoutes(app, context);
  registerFocusRoutes(app, context);
  registerArchiveSearchRoutes(app, context);
  registerSharedSummaryRoutes(app, context);
  if (settings.development) registerDevDigestRoutes(app, context, dependencies.devClock);
  await jobs.work(digestJobHandlers(context), { concurrency: digest.concurrency });
  await dependencies.events.subscribe(summariserSubscriptions(context));
  app.addHook("onClose", async () => {
    // Running compose jobs finish first, while the database they write to is still open.
    await jobs.close();
    await store.close();
  });
  return app;
}
