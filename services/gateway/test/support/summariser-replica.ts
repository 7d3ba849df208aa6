/**
 * A summariser replica in a process of its own, for tests that kill one mid-run: it joins the test's
 * database schema, RabbitMQ bus (same queues, competing for deliveries) and BullMQ queue, as a second
 * pod would. Its settings arrive as JSON, its one argument; it prints "ready" once it consumes.
 */
import { joinTestBus, type TestBusAddress } from "@tubedigest/bus/testing";
import {
  buildSummariserApp,
  type SummariserDependencies,
  type SummariserSettings,
} from "@tubedigest/summariser";
import { pino } from "pino";

export interface SummariserReplicaConfig {
  settings: SummariserSettings;
  bus: TestBusAddress;
  leases: SummariserDependencies["leases"];
}

const config = JSON.parse(process.argv[2] ?? "{}") as SummariserReplicaConfig;
const events = await joinTestBus(config.bus);
const app = await buildSummariserApp(config.settings, {
  log: pino({ level: "silent" }),
  events,
  leases: config.leases,
});
await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write("ready\n");
