import { type EventBus, schemaMigrationStep } from "@tubedigest/bus";
import { serviceWithStore } from "@tubedigest/http";
import { authMigrations, buildAuthApp } from "./app.ts";
import { AuthEnvironment, type AuthSettings, authSettingsFrom } from "./config.ts";

/** Auth as a process of its own: its schema at DATABASE_URL, its events through RABBITMQ_URL. */
export const authProcess = serviceWithStore<typeof AuthEnvironment, AuthSettings, EventBus>({
  name: "auth",
  environment: AuthEnvironment,
  settingsFrom: authSettingsFrom,
  build: buildAuthApp,
  migrate: schemaMigrationStep("auth", authMigrations),
});
