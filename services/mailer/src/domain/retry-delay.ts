/**
 * The waits after a message's 1st, 2nd… refused attempt; the last repeats. Spread out so a server that
 * greylists or is down for an afternoon still gets the message, without hammering it meanwhile.
 */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [
  30_000,
  2 * 60_000,
  10 * 60_000,
  60 * 60_000,
  6 * 60 * 60_000,
];

/** Attempts after which a message is given up: with the delays above, about 19 hours of trying. */
export const DEFAULT_MAX_ATTEMPTS = 8;

/**
 * The wait before the next attempt after `attempts` refused ones, ±20 % at random: messages refused
 * together (a server's outage) come back spread out rather than all in one burst.
 */
export function retryDelay(
  delaysMs: readonly number[],
  attempts: number,
  random: () => number = Math.random,
): number {
  const base = delaysMs[Math.min(Math.max(attempts, 1), delaysMs.length) - 1] ?? 0;
  return Math.round(base * (0.8 + 0.4 * random()));
}
