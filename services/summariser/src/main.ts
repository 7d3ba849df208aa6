import { createRabbitMqBus } from "@tubedigest/bus";
import { ConfigError, loadConfigOrExit } from "@tubedigest/config";
import { createServiceLogger, runUntilSignalled, startOrExit } from "@tubedigest/http";
import { buildSummariserApp } from "./app.ts";
import { SummariserEnvironment, summariserSettingsFrom } from "./config.ts";

const env = loadConfigOrExit(SummariserEnvironment);
const settings = settingsOrExit();
const log = createServiceLogger("summariser", env.LOG_LEVEL);
const parts = {
  databaseUrl: env.DATABASE_URL,
  listeners: [{ host: env.HOST, port: env.PORT, variables: "HOST, PORT" }],
};
await startOrExit(parts, async () => {
  const events = await createRabbitMqBus({ url: env.RABBITMQ_URL, log });
  const app = await buildSummariserApp(settings, { log, events });
  runUntilSignalled(log, async () => {
    // Consumers stop first, so no handler starts against a closing database.
    await events.close();
    await app.close();
  });
  await app.listen({ port: env.PORT, host: env.HOST });
});

/** Settings that contradict each other (a transcript step named without its key) stop start-up as a bad value does. */
function settingsOrExit() {
  try {
    return summariserSettingsFrom(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
