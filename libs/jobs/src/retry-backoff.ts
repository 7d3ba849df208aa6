/** How many tries a job gets by default: a few minutes of retries ride out a restart or a short outage. */
export const DEFAULT_ATTEMPTS = 5;

/** The wait before the first retry; each later one doubles it (5 s, 10 s, 20 s, 40 s). */
export const DEFAULT_BACKOFF_MS = 5_000;

/**
 * How long a finished job's id is remembered, so adding it again adds nothing: a little over a week, so a
 * fan-out repeated within the week (a redelivered event, a second replica, a restart) queues each job once.
 */
export const DEFAULT_KEEP_COMPLETED_SECONDS = 8 * 24 * 60 * 60;

/** BullMQ's exponential back-off, which the in-process queue follows too: base × 2^(failures − 1). */
export function retryDelayMs(failures: number, backoffMs: number): number {
  return backoffMs * 2 ** Math.max(0, failures - 1);
}
