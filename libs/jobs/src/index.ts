export { type BullMqJobQueueOptions, createBullMqJobQueue } from "./bullmq-job-queue.ts";
export { type BullMqSchedulerOptions, createBullMqScheduler } from "./bullmq-scheduler.ts";
export { isCronPattern } from "./cron-pattern.ts";
export { createInProcessJobQueue, type InProcessJobQueueOptions } from "./in-process-job-queue.ts";
export { createInProcessScheduler, type InProcessSchedulerOptions } from "./in-process-scheduler.ts";
export type {
  JobContext,
  JobCounts,
  JobHandler,
  JobHandlers,
  JobMap,
  JobOptions,
  JobQueue,
  Schedule,
  Scheduler,
} from "./job-queue.ts";
