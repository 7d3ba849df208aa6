export { type BillingApp, type BillingDependencies, billingMigrations, buildBillingApp } from "./app.ts";
export type { BillingSettings } from "./config.ts";
