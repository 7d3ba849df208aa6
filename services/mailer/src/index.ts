export { buildMailerApp, type MailerApp, type MailerDependencies, mailerMigrations } from "./app.ts";
export { MailEnvironment, type MailerSettings, mailSettingsFrom } from "./config.ts";
