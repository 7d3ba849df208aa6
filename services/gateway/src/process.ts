import { listenForMetrics, type ServiceProcess } from "@tubedigest/http";
import { buildGatewayApp } from "./app.ts";
import { GatewayEnvironment, type GatewaySettings, gatewaySettingsFrom } from "./config.ts";

/** The gateway as a process of its own: the public port, and `/metrics` on a port of their own. */
export const gatewayProcess: ServiceProcess<typeof GatewayEnvironment, GatewaySettings, never> = {
  name: "gateway",
  environment: GatewayEnvironment,
  settingsFrom: gatewaySettingsFrom,
  parts: (env) => ({
    listeners: [{ host: env.METRICS_HOST, port: env.METRICS_PORT, variables: "METRICS_HOST, METRICS_PORT" }],
  }),
  async start(settings, env, { log, listenAt }) {
    const app = await buildGatewayApp(settings, { log });
    const metricsUrl = await listenForMetrics(
      app,
      listenAt({ port: env.METRICS_PORT, host: env.METRICS_HOST }),
    );
    log.info({ url: `${metricsUrl}/metrics` }, "metrics served apart from the public port");
    return { app, stop: () => app.close() };
  },
};
