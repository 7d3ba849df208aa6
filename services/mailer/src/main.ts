import { createRabbitMqBus } from "@tubedigest/bus";
import { loadConfigOrExit } from "@tubedigest/config";
import { createServiceLogger, runUntilSignalled, startOrExit } from "@tubedigest/http";
import { buildMailerApp } from "./app.ts";
import { MailerEnvironment, mailerSettingsFrom } from "./config.ts";

const env = loadConfigOrExit(MailerEnvironment);
const log = createServiceLogger("mailer", env.LOG_LEVEL);
const parts = {
  databaseUrl: env.DATABASE_URL,
  listeners: [{ host: env.HOST, port: env.PORT, variables: "HOST, PORT" }],
};
await startOrExit(parts, async () => {
  const events = await createRabbitMqBus({ url: env.RABBITMQ_URL, log });
  const app = await buildMailerApp(mailerSettingsFrom(env), { log, events });
  runUntilSignalled(log, async () => {
    // Consumers stop first, so no handler starts against a closing database.
    await events.close();
    await app.close();
  });
  await app.listen({ port: env.PORT, host: env.HOST });
});
