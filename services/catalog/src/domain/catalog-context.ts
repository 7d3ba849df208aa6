import type { RecordEvent } from "@tubedigest/bus";
import type { Kysely } from "kysely";
import type { JsonCache } from "../adapters/cache/json-cache.ts";
import type { YoutubeFor } from "../adapters/youtube/metered-youtube.ts";
import type { UploadsFeed } from "../adapters/youtube/uploads-feed.ts";
import type { CatalogDatabase } from "../store/database.ts";
import type { UploadCheck } from "./check-channel-uploads.ts";

/** Where an operation reports what it survived (a stale answer, a failed check) without failing. */
export interface CatalogLogger {
  warn(details: object, message: string): void;
}

/** What catalog's operations work with, built once at start-up. */
export interface CatalogContext {
  db: Kysely<CatalogDatabase>;
  /** YouTube (or the demo catalog), each call booked against the given purpose's quota budget. */
  youtube: YoutubeFor;
  /** The channels' public uploads feeds (or the demo catalog's), asked before the Data API. */
  uploadsFeed: UploadsFeed;
  cache: JsonCache;
  recordEvent: RecordEvent<CatalogDatabase>;
  log: CatalogLogger;
  now: () => Date;
  uploads: {
    refreshAfterSeconds: number;
    firstCheckLookbackDays: number;
    /** The hourly tick checks a followed channel again once its last check is this old. */
    checkIntervalHours: number;
    /** The most channels one tick leases. */
    checksPerTick: number;
  };
  /** Upload checks running in this process, by channel: a second asker waits for the first. */
  uploadChecks: Map<string, Promise<UploadCheck>>;
}
