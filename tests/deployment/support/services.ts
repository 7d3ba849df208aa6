import { readdirSync } from "node:fs";
import path from "node:path";
import { AuthEnvironment, authSettingsFrom } from "../../../services/auth/src/config.ts";
import { BillingEnvironment, billingSettingsFrom } from "../../../services/billing/src/config.ts";
import { CatalogEnvironment, catalogSettingsFrom } from "../../../services/catalog/src/config.ts";
import { GatewayEnvironment, gatewaySettingsFrom } from "../../../services/gateway/src/config.ts";
import { MailerEnvironment, mailerSettingsFrom } from "../../../services/mailer/src/config.ts";
import { SchedulerEnvironment, schedulerSettingsFrom } from "../../../services/scheduler/src/config.ts";
import { SummariserEnvironment, summariserSettingsFrom } from "../../../services/summariser/src/config.ts";
import { REPOSITORY } from "./kustomize.ts";

/** A deployable service's own environment schema (what its main.ts loads) and the settings it makes. */
// biome-ignore lint/suspicious/noExplicitAny: each service's schema and settings have their own types.
export type ServiceConfig = { environment: any; settingsFrom: (env: any) => object };

/** Every service that runs as its own process, by the name its image, Deployment and compose service carry. */
export const SERVICES: Record<string, ServiceConfig> = {
  gateway: { environment: GatewayEnvironment, settingsFrom: gatewaySettingsFrom },
  auth: { environment: AuthEnvironment, settingsFrom: authSettingsFrom },
  catalog: { environment: CatalogEnvironment, settingsFrom: catalogSettingsFrom },
  billing: { environment: BillingEnvironment, settingsFrom: billingSettingsFrom },
  summariser: { environment: SummariserEnvironment, settingsFrom: summariserSettingsFrom },
  mailer: { environment: MailerEnvironment, settingsFrom: mailerSettingsFrom },
  scheduler: { environment: SchedulerEnvironment, settingsFrom: schedulerSettingsFrom },
};

/** The folders under services/ with a main.ts: each is a process of its own, except the all-in-one product. */
export function serviceFolders(): string[] {
  return readdirSync(path.join(REPOSITORY, "services"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "standalone")
    .filter((entry) => readdirSync(path.join(REPOSITORY, "services", entry.name, "src")).includes("main.ts"))
    .map((entry) => entry.name)
    .sort();
}

interface PropertySchema {
  default?: unknown;
}
interface ObjectSchema {
  properties: Record<string, PropertySchema>;
  required?: string[];
}

/** Every variable the service reads. */
function environmentOf(name: string): ObjectSchema {
  const service = SERVICES[name];
  if (!service) throw new Error(`no service ${name}`);
  return service.environment as ObjectSchema;
}

export function knownVariables(name: string): string[] {
  return Object.keys(environmentOf(name).properties);
}

/** The variables the service cannot start without: required by its schema and with no default. */
export function requiredVariables(name: string): string[] {
  const schema = environmentOf(name);
  return (schema.required ?? []).filter((variable) => schema.properties[variable]?.default === undefined);
}

/** The port the service listens on when PORT is not set, which the manifests and compose rely on. */
export function defaultPort(name: string): number {
  const port = environmentOf(name).properties.PORT?.default;
  if (typeof port !== "number") throw new Error(`${name} has no default PORT`);
  return port;
}
