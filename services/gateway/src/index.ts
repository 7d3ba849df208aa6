export { buildGatewayApp } from "./app.ts";
export type { GatewaySettings } from "./config.ts";
export { TrustProxy, trustedProxies } from "./trust-proxy.ts";
