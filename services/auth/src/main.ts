import { loadConfigOrExit } from "@tubedigest/config";
import { runUntilSignalled } from "@tubedigest/http";
import { buildAuthApp } from "./app.ts";
import { AuthEnvironment, authSettingsFrom } from "./config.ts";

const env = loadConfigOrExit(AuthEnvironment);
const app = await buildAuthApp(authSettingsFrom(env));
runUntilSignalled(app.log, () => app.close());
await app.listen({ port: env.PORT, host: env.HOST });
