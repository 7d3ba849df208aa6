import { setTimeout as sleep } from "node:timers/promises";

/**
 * Reads until the read gives something or `timeoutMs` has passed, `intervalMs` apart: for a read model a
 * request needs and an event is about to fill (a sign-up, a follow, a preview that happened a moment ago,
 * whose event may land on any replica). Undefined when it never came; the caller says what that means.
 */
export async function waitForRow<T>(
  read: () => Promise<T | undefined>,
  options: { timeoutMs: number; intervalMs: number },
): Promise<T | undefined> {
  // Refused rather than polled: without a time-out the deadline is NaN and the loop never gives up.
  if (!(options.timeoutMs >= 0 && options.intervalMs >= 0))
    throw new RangeError(`waitForRow needs a time-out and an interval: ${JSON.stringify(options)}`);
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const found = await read();
    if (found !== undefined) return found;
    if (Date.now() >= deadline) return undefined;
    await sleep(options.intervalMs);
  }
}
