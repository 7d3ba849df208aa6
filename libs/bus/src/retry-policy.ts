/** How a queue retries an event whose handler threw, before dead-lettering it. */
export interface RetryPolicy {
  /** The wait before each retry; attempts = delaysMs.length + 1. */
  delaysMs: readonly number[];
}

/** Five attempts over about six minutes: long enough to ride out a restart or a short outage of a dependency. */
export const defaultRetryPolicy: RetryPolicy = { delaysMs: [1_000, 10_000, 60_000, 300_000] };

/**
 * Broker-side cap on redeliveries of one message whose consumer died before acking (a crash loop on a
 * poison message). Handler failures do not count here: they go through the retry policy.
 */
export const DEFAULT_DELIVERY_LIMIT = 10;

/** The wait before the attempt after `attempt`, or undefined when `attempt` was the last one. */
export function retryDelayAfter(policy: RetryPolicy, attempt: number): number | undefined {
  return policy.delaysMs[attempt - 1];
}
