import { type EventBus, schemaMigrationStep } from "@tubedigest/bus";
import { serviceWithStore } from "@tubedigest/http";
import { buildMailerApp, mailerMigrations } from "./app.ts";
import { MailerEnvironment, type MailerSettings, mailerSettingsFrom } from "./config.ts";

/** Mailer as a process of its own: its schema at DATABASE_URL, its events through RABBITMQ_URL. */
export const mailerProcess = serviceWithStore<typeof MailerEnvironment, MailerSettings, EventBus>({
  name: "mailer",
  environment: MailerEnvironment,
  settingsFrom: mailerSettingsFrom,
  build: buildMailerApp,
  migrate: schemaMigrationStep("mailer", mailerMigrations),
});
