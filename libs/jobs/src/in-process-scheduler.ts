import { CronExpressionParser } from "cron-parser";
import type { Logger } from "pino";
import type { Schedule, Scheduler } from "./job-queue.ts";
import { retryDelayMs } from "./retry-backoff.ts";

export interface InProcessSchedulerOptions {
  log: Logger;
  /** The clock slots are read from (tests move it); timers still wait in real time. */
  now?: () => Date;
}

/** Tries per slot when `onFire` throws, and the first wait (doubling), as the BullMQ scheduler does. */
const FIRE_ATTEMPTS = 8;
const FIRE_BACKOFF_MS = 2_000;
/** setTimeout's longest wait; a slot further away is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * The schedules of the embedded `make start`, on timers in this process: each schedule's next slot is
 * read from its pattern in its time zone (cron-parser, which BullMQ uses too) and fired once when it comes.
 * Slots before start are not fired: there was nobody to fire them, and nothing here remembers them.
 */
export function createInProcessScheduler(options: InProcessSchedulerOptions): Scheduler {
  const now = options.now ?? (() => new Date());
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  const after = (ms: number, action: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) action();
    }, ms);
    timers.add(timer);
  };

  const fire = (schedule: Schedule, slot: Date, onFire: OnFire, attempt: number) => {
    onFire(schedule.id, slot).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      options.log.warn(
        { schedule: schedule.id, slot: slot.toISOString(), attempt, reason },
        "a schedule's fire failed",
      );
      if (attempt < FIRE_ATTEMPTS)
        after(retryDelayMs(attempt, FIRE_BACKOFF_MS), () => fire(schedule, slot, onFire, attempt + 1));
    });
  };

  const waitForSlot = (schedule: Schedule, slot: Date, onFire: OnFire) => {
    const wait = slot.getTime() - now().getTime();
    if (wait > LONGEST_TIMER_MS) return after(LONGEST_TIMER_MS, () => waitForSlot(schedule, slot, onFire));
    after(Math.max(0, wait), () => {
      options.log.info({ schedule: schedule.id, slot: slot.toISOString() }, "schedule fired");
      // The next slot is set before this one's work, so a slow or retried fire does not delay it.
      waitForSlot(schedule, nextSlot(schedule, slot), onFire);
      fire(schedule, slot, onFire, 1);
    });
  };

  return {
    async start(schedules, onFire) {
      for (const schedule of schedules) waitForSlot(schedule, nextSlot(schedule, now()), onFire);
    },
    isConnected: () => true,
    async close() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

type OnFire = (scheduleId: string, slot: Date) => Promise<void>;

/** The first slot of the schedule strictly after `after`. */
function nextSlot(schedule: Schedule, after: Date): Date {
  return CronExpressionParser.parse(schedule.pattern, { currentDate: after, tz: schedule.timeZone })
    .next()
    .toDate();
}
