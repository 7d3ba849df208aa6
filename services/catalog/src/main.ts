import { createRabbitMqBus } from "@tubedigest/bus";
import { loadConfigOrExit } from "@tubedigest/config";
import { createServiceLogger, runUntilSignalled } from "@tubedigest/http";
import { buildCatalogApp } from "./app.ts";
import { CatalogEnvironment, catalogSettingsFrom } from "./config.ts";

const env = loadConfigOrExit(CatalogEnvironment);
const log = createServiceLogger("catalog", env.LOG_LEVEL);
const events = await createRabbitMqBus({ url: env.RABBITMQ_URL, log });
const app = await buildCatalogApp(catalogSettingsFrom(env), { log, events });
runUntilSignalled(log, async () => {
  // Consumers stop first, so no handler starts against a closing database.
  await events.close();
  await app.close();
});
await app.listen({ port: env.PORT, host: env.HOST });
