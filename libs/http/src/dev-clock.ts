/**
 * Development only: the clock of a product run in one process (`make start`), which the summariser's
 * `POST /dev/clock` moves forward, so what days bring (a daily reader's next digests, the demo channels'
 * next uploads) can be tried now instead of waited for. Services given it read the time from it; it never
 * goes back.
 */
export interface DevClock {
  now(): Date;
  /** Moves the clock `ms` forward and answers the time it now says. */
  advance(ms: number): Date;
}

export function createDevClock(): DevClock {
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  return {
    now,
    advance(ms) {
      offsetMs += Math.max(0, ms);
      return now();
    },
  };
}
