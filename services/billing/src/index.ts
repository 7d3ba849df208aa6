export { type BillingApp, type BillingDependencies, billingMigrations, buildBillingApp } from "./app.ts";
export { type BillingSettings, StripeEnvironment, stripeSettingsFrom, TestMode } from "./config.ts";
export { billingProcess } from "./process.ts";
