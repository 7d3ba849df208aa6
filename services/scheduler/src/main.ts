import { createRabbitMqBus } from "@tubedigest/bus";
import { loadConfigOrExit } from "@tubedigest/config";
import { createServiceLogger, runUntilSignalled, startOrExit } from "@tubedigest/http";
import { buildSchedulerApp } from "./app.ts";
import { SchedulerEnvironment, schedulerSettingsFrom } from "./config.ts";
import { createScheduleRunner } from "./schedule-runner.ts";

const env = loadConfigOrExit(SchedulerEnvironment);
const log = createServiceLogger("scheduler", env.LOG_LEVEL);
const parts = { listeners: [{ host: env.HOST, port: env.PORT, variables: "HOST, PORT" }] };
await startOrExit(parts, async () => {
  const events = await createRabbitMqBus({ url: env.RABBITMQ_URL, log });
  const scheduler = createScheduleRunner({ redisUrl: env.REDIS_URL, log });
  const app = await buildSchedulerApp(schedulerSettingsFrom(env), { log, events, scheduler });
  runUntilSignalled(log, async () => {
    // No new slot starts firing once the bus it publishes on is closing.
    await scheduler.close();
    await events.close();
    await app.close();
  });
  await app.listen({ port: env.PORT, host: env.HOST });
});
