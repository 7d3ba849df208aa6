export { buildGatewayApp, type GatewayDependencies } from "./app.ts";
export {
  defaultRateLimits,
  type GatewaySettings,
  RateLimitEnvironment,
  rateLimitSettingsFrom,
} from "./config.ts";
export { gatewayProcess } from "./process.ts";
export { TrustProxy, trustedProxies } from "./trust-proxy.ts";
