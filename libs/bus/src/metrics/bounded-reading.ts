import type { Logger } from "pino";
import { settleWithin } from "../sleep.ts";

/**
 * A value read at scrape time that never holds a scrape up for long, for a database or broker that may
 * be away: the scrape waits up to `timeoutMs` and gets the last value read (undefined before the first).
 * A reading under way is shared rather than started again, so a dead peer never has scrapes pile up
 * readings on it, and the gauges of one scrape that need the same reading make it once.
 */
export function boundedReading<T>(
  what: string,
  read: () => Promise<T>,
  options: { timeoutMs: number; log: Pick<Logger, "warn"> },
): () => Promise<T | undefined> {
  let last: T | undefined;
  let reading: Promise<void> | undefined;
  return async () => {
    reading ??= read()
      .then(
        (value) => {
          last = value;
        },
        (error: unknown) => {
          options.log.warn({ err: error }, `could not read ${what} for /metrics; serving the last value`);
        },
      )
      .finally(() => {
        reading = undefined;
      });
    await settleWithin([reading], options.timeoutMs);
    return last;
  };
}
