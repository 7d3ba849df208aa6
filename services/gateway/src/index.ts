export { buildGatewayApp } from "./app.ts";
export type { GatewaySettings } from "./config.ts";
