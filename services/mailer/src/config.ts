import { AppEnv, Host, LogLevel, Port, SchemaName, Url } from "@tubedigest/config";
import Type, { type Static } from "typebox";

/** How mail leaves: the mailer's own process and the embedded product read them alike. */
export const MailEnvironment = {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465; unset: .eml files a mailbox page lists. */
  SMTP_URL: Type.Optional(Url(["smtp", "smtps"])),
  /** The sender every message shows. */
  MAIL_FROM: Type.String({
    minLength: 3,
    maxLength: 200,
    default: "tubedigest <digest@tubedigest.localhost>",
  }),
  /** DKIM signing, with all three set: the signing domain, the selector and the PEM private key. */
  DKIM_DOMAIN: Type.Optional(Type.String({ minLength: 1 })),
  DKIM_SELECTOR: Type.Optional(Type.String({ minLength: 1 })),
  DKIM_PRIVATE_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** The address people write to unsubscribe by e-mail (the mailto of List-Unsubscribe). */
  UNSUBSCRIBE_MAILTO: Type.Optional(Type.String({ pattern: "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$" })),
  /**
   * How long the welcome of a landing-page sign-up (e-mail only) waits: a visitor who leaves the preview
   * meanwhile gets one message, the welcome carrying the preview, instead of two.
   */
  LANDING_WELCOME_DELAY_MINUTES: Type.Integer({ minimum: 0, maximum: 120, default: 15 }),
};

/** The mailer's environment when it runs as its own process (compose, Kubernetes, `make stack`). */
export const MailerEnvironment = Type.Object({
  PORT: Port({ default: 4005 }),
  HOST: Host("0.0.0.0"),
  LOG_LEVEL: LogLevel,
  APP_ENV: AppEnv("production"),
  DATABASE_URL: Url(["postgres", "postgresql"]),
  DATABASE_SCHEMA: SchemaName("mailer"),
  RABBITMQ_URL: Url(["amqp", "amqps"]),
  /** The gateway's secret for the caller header; unsubscribe links are signed with a key derived from it. */
  IDENTITY_SECRET: Type.String({ minLength: 32 }),
  /** The site's address, for every link in an e-mail. */
  PUBLIC_URL: Url(["http", "https"], { default: "http://localhost:3000" }),
  /** Where .eml files go without SMTP_URL (development). */
  MAIL_DIR: Type.String({ default: ".data/mail" }),
  ...MailEnvironment,
});

export interface DkimSettings {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** What the mailer needs, however it was configured (its own process or the embedded product). */
export interface MailerSettings {
  identitySecret: string;
  database: { url?: string | undefined; dataDir?: string | undefined; schema: string };
  publicUrl: string;
  /** An SMTP server; without it messages are written to `mailDir` for the development mailbox. */
  smtpUrl?: string | undefined;
  mailDir: string;
  from: string;
  dkim?: DkimSettings | undefined;
  unsubscribeMailto?: string | undefined;
  /** Serve /dev/mailbox (never in production). */
  devMailbox: boolean;
  /** How long a landing-page sign-up's welcome waits (LANDING_WELCOME_DELAY_MINUTES). */
  landingWelcomeDelayMs: number;
}

const MailVariables = Type.Object(MailEnvironment);
type MailVariables = Static<typeof MailVariables>;

/** The SMTP, sender and DKIM settings, and how long a landing-page sign-up's welcome waits, from the environment. */
export function mailSettingsFrom(
  env: MailVariables,
): Pick<MailerSettings, "smtpUrl" | "from" | "dkim" | "unsubscribeMailto" | "landingWelcomeDelayMs"> {
  return {
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    dkim:
      env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
        ? { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: env.DKIM_PRIVATE_KEY }
        : undefined,
    unsubscribeMailto: env.UNSUBSCRIBE_MAILTO,
    landingWelcomeDelayMs: env.LANDING_WELCOME_DELAY_MINUTES * 60_000,
  };
}

export function mailerSettingsFrom(env: Static<typeof MailerEnvironment>): MailerSettings {
  return {
    identitySecret: env.IDENTITY_SECRET,
    database: { url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA },
    publicUrl: env.PUBLIC_URL,
    mailDir: env.MAIL_DIR,
    devMailbox: env.APP_ENV !== "production",
    ...mailSettingsFrom(env),
  };
}
