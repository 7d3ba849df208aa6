import { type EventBus, schemaMigrationStep } from "@tubedigest/bus";
import { serviceWithStore } from "@tubedigest/http";
import { billingMigrations, buildBillingApp } from "./app.ts";
import { BillingEnvironment, type BillingSettings, billingSettingsFrom } from "./config.ts";

/** Billing as a process of its own: its schema at DATABASE_URL, its events through RABBITMQ_URL. */
export const billingProcess = serviceWithStore<typeof BillingEnvironment, BillingSettings, EventBus>({
  name: "billing",
  environment: BillingEnvironment,
  settingsFrom: billingSettingsFrom,
  build: buildBillingApp,
  migrate: schemaMigrationStep("billing", billingMigrations),
});
