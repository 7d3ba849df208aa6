export type { Environment } from "./load-config.ts";
export { ConfigError, loadConfig, loadConfigOrExit } from "./load-config.ts";
export { MigrationVariables, migrationSettingFrom } from "./migrations.ts";
export { AppEnv, Host, LogLevel, Matching, Origin, Port, SchemaName, Url } from "./schemas.ts";
export {
  DEVELOPMENT_SITE,
  SiteEnvironment,
  type SiteSettings,
  siteSettingsFrom,
  withSiteRules,
} from "./site.ts";
export { type TracingSettings, TracingVariables, tracingSettingsFrom } from "./tracing.ts";
