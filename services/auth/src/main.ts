import { createRabbitMqBus } from "@tubedigest/bus";
import { loadConfigOrExit } from "@tubedigest/config";
import { createServiceLogger, runUntilSignalled, startOrExit } from "@tubedigest/http";
import { buildAuthApp } from "./app.ts";
import { AuthEnvironment, authSettingsFrom } from "./config.ts";

const env = loadConfigOrExit(AuthEnvironment);
const log = createServiceLogger("auth", env.LOG_LEVEL);
const parts = {
  databaseUrl: env.DATABASE_URL,
  listeners: [{ host: env.HOST, port: env.PORT, variables: "HOST, PORT" }],
};
await startOrExit(parts, async () => {
  const events = await createRabbitMqBus({ url: env.RABBITMQ_URL, log });
  const app = await buildAuthApp(authSettingsFrom(env), { log, events });
  runUntilSignalled(log, async () => {
    await app.close();
    await events.close();
  });
  await app.listen({ port: env.PORT, host: env.HOST });
});
