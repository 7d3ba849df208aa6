import { loadConfigOrExit } from "@tubedigest/config";
import { createServiceLogger, runUntilSignalled } from "@tubedigest/http";
import { buildGatewayApp } from "./app.ts";
import { GatewayEnvironment, gatewaySettingsFrom } from "./config.ts";

const env = loadConfigOrExit(GatewayEnvironment);
const log = createServiceLogger("gateway", env.LOG_LEVEL);
const app = await buildGatewayApp(gatewaySettingsFrom(env), { log });
runUntilSignalled(log, () => app.close());
await app.listen({ port: env.PORT, host: env.HOST });
