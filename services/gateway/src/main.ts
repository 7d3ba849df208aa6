import { loadConfigOrExit } from "@tubedigest/config";
import { createServiceLogger, listenForMetrics, runUntilSignalled, startOrExit } from "@tubedigest/http";
import { buildGatewayApp } from "./app.ts";
import { GatewayEnvironment, gatewaySettingsFrom } from "./config.ts";

const env = loadConfigOrExit(GatewayEnvironment);
const log = createServiceLogger("gateway", env.LOG_LEVEL);
const parts = {
  listeners: [
    { host: env.HOST, port: env.PORT, variables: "HOST, PORT" },
    { host: env.METRICS_HOST, port: env.METRICS_PORT, variables: "METRICS_HOST, METRICS_PORT" },
  ],
};
await startOrExit(parts, async () => {
  const app = await buildGatewayApp(gatewaySettingsFrom(env), { log });
  runUntilSignalled(log, () => app.close());
  const metricsUrl = await listenForMetrics(app, { port: env.METRICS_PORT, host: env.METRICS_HOST });
  log.info({ url: `${metricsUrl}/metrics` }, "metrics served apart from the public port");
  await app.listen({ port: env.PORT, host: env.HOST });
});
