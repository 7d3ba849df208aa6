export { buildSchedulerApp, type SchedulerDependencies } from "./app.ts";
export type { SchedulerSettings } from "./config.ts";
export { schedulerProcess } from "./process.ts";
export { createScheduleRunner } from "./schedule-runner.ts";
