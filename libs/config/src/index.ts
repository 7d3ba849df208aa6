export type { Environment } from "./load-config.ts";
export { ConfigError, loadConfig, loadConfigOrExit } from "./load-config.ts";
