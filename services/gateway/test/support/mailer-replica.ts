/**
 * A mailer replica in a process of its own, for tests that kill one mid-send: it joins the test's
 * database schema and RabbitMQ bus (same queues, competing for deliveries) and leases messages from the
 * same table, as a second pod would. Its settings arrive as JSON, its one argument; it prints "ready"
 * once it consumes.
 */
import { joinTestBus, type TestBusAddress } from "@tubedigest/bus/testing";
import { buildMailerApp, type MailerDependencies, type MailerSettings } from "@tubedigest/mailer";
import { pino } from "pino";

export interface MailerReplicaConfig {
  settings: MailerSettings;
  bus: TestBusAddress;
  dispatcher: MailerDependencies["dispatcher"];
}

const config = JSON.parse(process.argv[2] ?? "{}") as MailerReplicaConfig;
const events = await joinTestBus(config.bus);
const app = await buildMailerApp(config.settings, {
  log: pino({ level: "silent" }),
  events,
  dispatcher: config.dispatcher,
});
await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write("ready\n");
