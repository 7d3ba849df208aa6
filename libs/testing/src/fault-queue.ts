/**
 * The faults a fake was told to meet, in order: each for its number of requests (forever when none is
 * given), then the next, until healed.
 */
export interface FaultQueue<Fault> {
  /** The fault the next request meets, counted against its number; undefined when none is pending. */
  take(): Fault | undefined;
  fail(fault: Fault, times?: number): void;
  heal(): void;
}

export function faultQueue<Fault>(): FaultQueue<Fault> {
  let pending: { fault: Fault; remaining: number }[] = [];
  return {
    take() {
      const first = pending[0];
      if (!first) return undefined;
      first.remaining -= 1;
      if (first.remaining <= 0) pending = pending.slice(1);
      return first.fault;
    },
    fail(fault, times = Number.POSITIVE_INFINITY) {
      pending.push({ fault, remaining: times });
    },
    heal() {
      pending = [];
    },
  };
}
