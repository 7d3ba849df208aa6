/** Waits `ms`, or less when `signal` aborts; never rejects, so loops just check whether they were stopped. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

/** Exponential back-off with a cap: 1st failure → base, then doubling, never above max. */
export function backoffDelay(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
}

/** Waits for `work` to settle, but no longer than `ms`; leaves no timer behind. */
export async function settleWithin(work: readonly Promise<unknown>[], ms: number): Promise<void> {
  const timeUp = new AbortController();
  await Promise.race([Promise.allSettled(work), sleep(ms, timeUp.signal)]);
  timeUp.abort();
}
