import type { ServiceDatabaseSettings } from "@tubedigest/bus";
import {
  Host,
  LogLevel,
  MigrationVariables,
  migrationSettingFrom,
  Port,
  SchemaName,
  TracingVariables,
  Url,
} from "@tubedigest/config";
import { PreviousIdentitySecret } from "@tubedigest/http/identity-environment";
import Type, { type Static } from "typebox";
import { DEFAULT_REQUEST_TIMEOUT_MS } from "./adapters/youtube/youtube-catalog.ts";

/** Where YouTube serves a channel's uploads feed (`?channel_id=UC…` is added). */
export const DEFAULT_FEED_URL = "https://www.youtube.com/feeds/videos.xml";

/** Catalog's environment when it runs as its own process (compose, Kubernetes, `make stack`). */
export const CatalogEnvironment = Type.Object({
  PORT: Port({ default: 4002, description: "Where catalog listens" }),
  HOST: Host("0.0.0.0"),
  LOG_LEVEL: LogLevel,
  ...TracingVariables,
  DATABASE_URL: Url(["postgres", "postgresql"], { description: "Postgres" }),
  DATABASE_SCHEMA: SchemaName("catalog"),
  ...MigrationVariables,
  REDIS_URL: Type.Optional(
    Url(["redis", "rediss"], {
      description: "The search cache; unset: in memory; while unreachable, searches go to YouTube uncached",
    }),
  ),
  REDIS_KEY_PREFIX: Type.String({ default: "td:catalog:", description: "The start of every cache key" }),
  YOUTUBE_API_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      description: "The YouTube Data API v3 key; unset: the embedded demo catalog answers instead of YouTube",
    }),
  ),
  YOUTUBE_ROOT_URL: Type.Optional(
    Url(["http", "https"], {
      description: "Another address for the Data API (a proxy, a fake server in tests); unset: the SDK's",
    }),
  ),
  YOUTUBE_DAILY_QUOTA_UNITS: Type.Integer({
    minimum: 1,
    default: 10_000,
    description: "The project's Data API quota per Pacific-time day",
  }),
  YOUTUBE_SEARCH_BUDGET_UNITS: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        "How much of the daily quota searches may spend, so upload checks always have some left; unset: 80 % of it",
    }),
  ),
  YOUTUBE_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    default: DEFAULT_REQUEST_TIMEOUT_MS,
    description:
      'A slower call (Data API or feed) is abandoned and counts as "YouTube unavailable", in milliseconds',
  }),
  UPLOADS_REFRESH_SECONDS: Type.Integer({
    minimum: 0,
    default: 3_600,
    description:
      "A channel's uploads are asked of YouTube at most this often, however many followers ask, in seconds",
  }),
  UPLOAD_CHECK_INTERVAL_HOURS: Type.Integer({
    minimum: 1,
    default: 24,
    description: "How old a followed channel's last check is when the hourly tick checks it again",
  }),
  // The longest unchecked first, so the work spreads over the day.
  UPLOAD_CHECKS_PER_TICK: Type.Integer({
    minimum: 1,
    default: 500,
    description: "The most channels one hourly tick checks",
  }),
  YOUTUBE_FEED_URL: Url(["http", "https"], {
    default: DEFAULT_FEED_URL,
    description:
      "YouTube's public uploads feed, asked before the Data API (a fake server in tests); used with a key",
  }),
  RABBITMQ_URL: Url(["amqp", "amqps"], {
    description:
      "Where catalog reads sign-ups, plans and upload-check slots, and publishes follows and new videos",
  }),
  IDENTITY_SECRET: Type.String({
    minLength: 32,
    description: "The gateway's: a caller header counts only with its proof",
  }),
  ...PreviousIdentitySecret,
});

export interface YoutubeSettings {
  /** Without it the demo catalog shipped in the repo answers, with no network. */
  apiKey?: string | undefined;
  /** Points the real SDK somewhere else: the fake Data API in tests. */
  rootUrl?: string | undefined;
  /** The project's quota per Pacific-time day; YouTube's default, 10 000, when absent. */
  dailyQuotaUnits?: number | undefined;
  /** The part of the daily quota searches may spend, so upload checks always have some left. */
  searchBudgetUnits?: number | undefined;
  /** A call that takes longer is abandoned and answered as "YouTube unavailable"; the feed's too. */
  requestTimeoutMs?: number | undefined;
  /** The public uploads feed's address (default DEFAULT_FEED_URL); only used with `apiKey`. */
  feedUrl?: string | undefined;
}

/** What the catalog service needs, however it was configured (its own process or the embedded product). */
export interface CatalogSettings {
  identitySecret: string;
  /** While IDENTITY_SECRET is being rotated: the one before it, whose proofs still count. */
  previousIdentitySecret?: string | undefined;
  database: ServiceDatabaseSettings;
  /** The search cache; an in-memory cache with the same behaviour when absent. */
  redisUrl?: string | undefined;
  /** Every cache key starts with it (default "td:catalog:"). */
  redisKeyPrefix?: string | undefined;
  youtube: YoutubeSettings;
  uploads?: {
    /** Minimum time between two upload checks of one channel (default 3600). */
    refreshAfterSeconds?: number | undefined;
    /** How far back a channel's first check looks (default 7 days: one weekly digest). */
    firstCheckLookbackDays?: number | undefined;
    /** How old a followed channel's last check is when the hourly tick checks it again (default 24). */
    checkIntervalHours?: number | undefined;
    /** The most channels one tick checks (default 500). */
    checksPerTick?: number | undefined;
  };
}

export function catalogSettingsFrom(env: Static<typeof CatalogEnvironment>): CatalogSettings {
  return {
    identitySecret: env.IDENTITY_SECRET,
    previousIdentitySecret: env.IDENTITY_SECRET_PREVIOUS,
    database: { url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA, migration: migrationSettingFrom(env) },
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    youtube: {
      apiKey: env.YOUTUBE_API_KEY,
      rootUrl: env.YOUTUBE_ROOT_URL,
      dailyQuotaUnits: env.YOUTUBE_DAILY_QUOTA_UNITS,
      searchBudgetUnits: env.YOUTUBE_SEARCH_BUDGET_UNITS,
      requestTimeoutMs: env.YOUTUBE_TIMEOUT_MS,
      feedUrl: env.YOUTUBE_FEED_URL,
    },
    uploads: {
      refreshAfterSeconds: env.UPLOADS_REFRESH_SECONDS,
      checkIntervalHours: env.UPLOAD_CHECK_INTERVAL_HOURS,
      checksPerTick: env.UPLOAD_CHECKS_PER_TICK,
    },
  };
}
