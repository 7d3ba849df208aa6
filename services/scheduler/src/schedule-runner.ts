import { createBullMqScheduler, createInProcessScheduler, type Scheduler } from "@tubedigest/jobs";
import type { Logger } from "pino";
import { SCHEDULE_STORE } from "./config.ts";

/**
 * Where the schedules run: BullMQ on Redis, shared by every replica so each slot fires once; without
 * Redis (the embedded product, one process) timers in this process.
 */
export function createScheduleRunner(options: { redisUrl?: string | undefined; log: Logger }): Scheduler {
  return options.redisUrl
    ? createBullMqScheduler({ redisUrl: options.redisUrl, ...SCHEDULE_STORE, log: options.log })
    : createInProcessScheduler({ log: options.log });
}
