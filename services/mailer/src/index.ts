export { buildMailerApp, type MailerApp, type MailerDependencies, mailerMigrations } from "./app.ts";
export { MailEnvironment, type MailerSettings, mailSettingsFrom, withMailRules } from "./config.ts";
/** An unsubscribe link's token for a user, as the digest's link carries it (for support tools and tests). */
export { unsubscribeKeyFrom, unsubscribeToken } from "./domain/unsubscribe-token.ts";
export { mailerProcess } from "./process.ts";
