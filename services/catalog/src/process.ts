import { type EventBus, schemaMigrationStep } from "@tubedigest/bus";
import { serviceWithStore } from "@tubedigest/http";
import { buildCatalogApp, catalogMigrations } from "./app.ts";
import { CatalogEnvironment, type CatalogSettings, catalogSettingsFrom } from "./config.ts";

/** Catalog as a process of its own: its schema at DATABASE_URL, its events through RABBITMQ_URL. */
export const catalogProcess = serviceWithStore<typeof CatalogEnvironment, CatalogSettings, EventBus>({
  name: "catalog",
  environment: CatalogEnvironment,
  settingsFrom: catalogSettingsFrom,
  build: buildCatalogApp,
  migrate: schemaMigrationStep("catalog", catalogMigrations),
});
