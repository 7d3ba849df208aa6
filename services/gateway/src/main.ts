import { loadConfigOrExit } from "@tubedigest/config";
import { runUntilSignalled } from "@tubedigest/http";
import { buildGatewayApp } from "./app.ts";
import { GatewayEnvironment, gatewaySettingsFrom } from "./config.ts";

const env = loadConfigOrExit(GatewayEnvironment);
const app = await buildGatewayApp(gatewaySettingsFrom(env));
runUntilSignalled(app.log, () => app.close());
await app.listen({ port: env.PORT, host: env.HOST });
