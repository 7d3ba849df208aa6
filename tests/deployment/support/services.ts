import { readdirSync } from "node:fs";
import path from "node:path";
import { authProcess } from "../../../services/auth/src/process.ts";
import { billingProcess } from "../../../services/billing/src/process.ts";
import { catalogProcess } from "../../../services/catalog/src/process.ts";
import { gatewayProcess } from "../../../services/gateway/src/process.ts";
import { mailerProcess } from "../../../services/mailer/src/process.ts";
import { schedulerProcess } from "../../../services/scheduler/src/process.ts";
import { summariserProcess } from "../../../services/summariser/src/process.ts";
import { REPOSITORY } from "./kustomize.ts";

/** A deployable service's own environment schema (what its main.ts loads) and the settings it makes. */
export type ServiceConfig = {
  // biome-ignore lint/suspicious/noExplicitAny: each service's schema and settings have their own types.
  environment: any;
  // biome-ignore lint/suspicious/noExplicitAny: each service's schema and settings have their own types.
  settingsFrom: (env: any) => object;
  /** The migrate step of a service that keeps a schema: the variables it reads. */
  // biome-ignore lint/suspicious/noExplicitAny: each service's migrate step has its own schema.
  migrate?: { environment: any };
};

/** Every service that runs as its own process, by the name its image, Deployment and compose service carry. */
export const SERVICES: Record<string, ServiceConfig> = Object.fromEntries(
  [
    gatewayProcess,
    authProcess,
    catalogProcess,
    billingProcess,
    summariserProcess,
    mailerProcess,
    schedulerProcess,
  ].map((service) => [service.name, service]),
);

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
