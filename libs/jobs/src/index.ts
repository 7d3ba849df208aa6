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
