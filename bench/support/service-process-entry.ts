/**
 * One service in a process of its own, as production runs each (a container, a `make stack` process),
 * built from its source with the settings the parent sends over IPC. Run by `startServiceProcess`.
 * It logs as production does (JSON lines at info, one or two per request) to its stdout, which the
 * parent discards: that cost is part of what a request costs.
 */
import { type AuthSettings, buildAuthApp } from "@tubedigest/auth";
import { type BillingSettings, buildBillingApp } from "@tubedigest/billing";
import { deadLetterQueueName, type EventBus, retryQueueName } from "@tubedigest/bus";
import { joinTestBus, type TestBusAddress } from "@tubedigest/bus/testing";
import { buildCatalogApp, type CatalogSettings } from "@tubedigest/catalog";
import { buildGatewayApp, type GatewaySettings } from "@tubedigest/gateway";
import { createServiceLogger, type ServiceApp } from "@tubedigest/http";

export type ServiceLaunch =
  | { service: "auth"; settings: AuthSettings; bus: TestBusAddress }
  | { service: "catalog"; settings: CatalogSettings; bus: TestBusAddress }
  | { service: "billing"; settings: BillingSettings; bus: TestBusAddress }
  | { service: "gateway"; settings: GatewaySettings };

/** What the process tells its parent. */
export type ServiceReport =
  | { kind: "listening"; url: string }
  | { kind: "queue-declared"; queues: string[] }
  | { kind: "stopped" };

const report = (message: ServiceReport) => process.send?.(message);

async function build(launch: ServiceLaunch): Promise<{ app: ServiceApp; events?: EventBus }> {
  const log = createServiceLogger(launch.service, "info");
  if (launch.service === "gateway") return { app: await buildGatewayApp(launch.settings, { log }) };
  // The parent deletes what this process declares on the bench's own exchange once the bench is over.
  const events = await joinTestBus(launch.bus, (name, retryDelaysMs) =>
    report({
      kind: "queue-declared",
      queues: [name, deadLetterQueueName(name), ...retryDelaysMs.map((delay) => retryQueueName(name, delay))],
    }),
  );
  const dependencies = { log, events };
  switch (launch.service) {
    case "auth":
      return { app: await buildAuthApp(launch.settings, dependencies), events };
    case "catalog":
      return { app: await buildCatalogApp(launch.settings, dependencies), events };
    case "billing":
      return { app: await buildBillingApp(launch.settings, dependencies), events };
  }
}

process.once("message", async (launch: ServiceLaunch) => {
  const { app, events } = await build(launch);
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  process.on("message", async (message: unknown) => {
    if (message !== "stop") return;
    // Consumers first, so no handler starts against a closing database (as each service's main.ts does).
    await events?.close();
    await app.close();
    report({ kind: "stopped" });
    process.disconnect();
  });
  report({ kind: "listening", url });
});

// The parent went away without stopping us: nothing is left to serve.
process.once("disconnect", () => process.exit(0));
