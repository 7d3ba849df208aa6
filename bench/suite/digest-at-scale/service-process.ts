/**
 * One of the services on the digest's path (catalog, the summariser, the mailer) in a process of its own,
 * as a deployment runs it: configured from its environment through the service's own schema and settings
 * function, exactly as its src/main.ts does, but joined to the bench run's RabbitMQ exchange and suffixed
 * queues (`joinTestBus`) instead of the product's, so a run sees only its own events. It prints
 * "queue <name>" for every queue it declares (the bench deletes them afterwards) and "ready <port>" once
 * it listens on a free port of 127.0.0.1 (PORT and HOST are not used).
 *
 *   node --import tsx bench/suite/digest-at-scale/service-process.ts <catalog|summariser|mailer> '<bus address JSON>'
 */
import { deadLetterQueueName, type EventBus, retryQueueName } from "@tubedigest/bus";
import { joinTestBus, type TestBusAddress } from "@tubedigest/bus/testing";
import { loadConfigOrExit } from "@tubedigest/config";
import { createServiceLogger, runUntilSignalled, type ServiceApp } from "@tubedigest/http";
import type { Logger } from "pino";
import { buildCatalogApp } from "../../../services/catalog/src/app.ts";
import { CatalogEnvironment, catalogSettingsFrom } from "../../../services/catalog/src/config.ts";
import { buildMailerApp } from "../../../services/mailer/src/app.ts";
import { MailerEnvironment, mailerSettingsFrom } from "../../../services/mailer/src/config.ts";
import { buildSummariserApp } from "../../../services/summariser/src/app.ts";
import { SummariserEnvironment, summariserSettingsFrom } from "../../../services/summariser/src/config.ts";

type Build = (events: EventBus) => Promise<{ app: ServiceApp; log: Logger }>;

/** Each service as its main.ts builds it, from its own environment schema. */
const SERVICES: Record<string, Build> = {
  async catalog(events) {
    const env = loadConfigOrExit(CatalogEnvironment);
    const log = createServiceLogger("catalog", env.LOG_LEVEL);
    return { app: await buildCatalogApp(catalogSettingsFrom(env), { log, events }), log };
  },
  async summariser(events) {
    const env = loadConfigOrExit(SummariserEnvironment);
    const log = createServiceLogger("summariser", env.LOG_LEVEL);
    return { app: await buildSummariserApp(summariserSettingsFrom(env), { log, events }), log };
  },
  async mailer(events) {
    const env = loadConfigOrExit(MailerEnvironment);
    const log = createServiceLogger("mailer", env.LOG_LEVEL);
    return { app: await buildMailerApp(mailerSettingsFrom(env), { log, events }), log };
  },
};

const [service = "", address = "{}"] = process.argv.slice(2);
const build = SERVICES[service];
if (!build) throw new Error(`no such service on the digest's path: "${service}"`);

const events = await joinTestBus(JSON.parse(address) as TestBusAddress, (queue, retryDelaysMs) => {
  for (const name of [
    queue,
    deadLetterQueueName(queue),
    ...retryDelaysMs.map((ms) => retryQueueName(queue, ms)),
  ])
    process.stdout.write(`queue ${name}\n`);
});
const { app, log } = await build(events);
runUntilSignalled(log, async () => {
  // Consumers stop first, so no handler starts against a closing database.
  await events.close();
  await app.close();
});
await app.listen({ port: 0, host: "127.0.0.1" });
const listening = app.server.address();
if (listening === null || typeof listening === "string") throw new Error(`${service} has no port`);
process.stdout.write(`ready ${listening.port}\n`);
