import type { EventBus } from "@tubedigest/bus";
import type { ServiceProcess } from "@tubedigest/http";
import { buildSchedulerApp } from "./app.ts";
import { SchedulerEnvironment, type SchedulerSettings, schedulerSettingsFrom } from "./config.ts";
import { createScheduleRunner } from "./schedule-runner.ts";

/** The scheduler as a process of its own: its schedules in Redis, its slots announced on the broker. */
export const schedulerProcess: ServiceProcess<typeof SchedulerEnvironment, SchedulerSettings, EventBus> = {
  name: "scheduler",
  environment: SchedulerEnvironment,
  settingsFrom: schedulerSettingsFrom,
  async start(settings, env, { log, connect }) {
    const events = await connect(env.RABBITMQ_URL);
    const scheduler = createScheduleRunner({ redisUrl: env.REDIS_URL, log });
    const app = await buildSchedulerApp(settings, { log, events, scheduler });
    return {
      app,
      async stop() {
        // No new slot starts firing once the bus it publishes on is closing.
        await scheduler.close();
        await events.close();
        await app.close();
      },
    };
  },
};
