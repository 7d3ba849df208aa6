export { buildSchedulerApp, type SchedulerDependencies } from "./app.ts";
export { SCHEDULE_STORE, type SchedulerSettings } from "./config.ts";
