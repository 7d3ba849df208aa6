import { readFileSync } from "node:fs";
import type { ServiceDatabaseSettings } from "@tubedigest/bus";
import {
  AppEnv,
  Host,
  LogLevel,
  Matching,
  MigrationVariables,
  migrationSettingFrom,
  Port,
  SchemaName,
  SiteEnvironment,
  type SiteSettings,
  siteSettingsFrom,
  TracingVariables,
  Url,
  withSiteRules,
} from "@tubedigest/config";
import { PreviousIdentitySecret } from "@tubedigest/http/identity-environment";
import Type, { type Static, type TObject } from "typebox";
import { isDkimSigningKey } from "./settings/dkim-key.ts";
import { alignedDomains, senderDomain } from "./settings/sender-domain.ts";

const DNS_LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const DOMAIN_NAME = new RegExp(`^(?:${DNS_LABEL}\\.)+[a-z][a-z0-9-]*[a-z0-9]$`, "i");
// A selector is one or more labels (td1, 2026-11.eu), the part before `._domainkey`.
const SELECTOR = new RegExp(`^${DNS_LABEL}(?:\\.${DNS_LABEL})*$`, "i");

/** A readable file holding at least one PEM certificate: a private CA's, for the relay's certificate. */
function isCertificateFile(path: string): boolean {
  try {
    return readFileSync(path, "utf8").includes("-----BEGIN CERTIFICATE-----");
  } catch {
    return false;
  }
}

/** How mail leaves: the mailer's own process and the embedded product read them alike. */
export const MailEnvironment = {
  SMTP_URL: Type.Optional(
    Url(["smtp", "smtps"], {
      description:
        "The SMTP relay with its credentials, `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`; unset: `.eml` files a development mailbox lists",
    }),
  ),
  SMTP_REQUIRE_TLS: Type.Boolean({
    default: false,
    description:
      "`true` refuses an `smtp://` relay that does not upgrade with STARTTLS, rather than send in the clear",
  }),
  SMTP_TLS_CA_FILE: Type.Optional(
    Type.Refine(
      Type.String({
        minLength: 1,
        description: "A PEM file of authorities to trust for the relay's certificate, besides the system's",
      }),
      isCertificateFile,
      () => "must name a readable PEM file of certificates (-----BEGIN CERTIFICATE-----)",
    ),
  ),
  SMTP_TLS_ALLOW_INVALID_CERTIFICATE: Type.Boolean({
    default: false,
    description:
      "`true` takes a relay certificate that does not verify (self-signed, another name, expired): development only",
  }),
  MAIL_FROM: Type.Refine(
    Type.String({
      minLength: 3,
      maxLength: 200,
      default: "tubedigest <digest@tubedigest.localhost>",
      description: "The sender every e-mail shows: one address, with or without a name",
    }),
    (from) => senderDomain(from) !== undefined,
    () => "must be one address, with or without a name: tubedigest <digest@tubedigest.example>",
  ),
  DKIM_DOMAIN: Type.Optional(
    Matching(DOMAIN_NAME, "a domain name such as tubedigest.example", {
      description:
        "The DKIM signing domain; with `DKIM_SELECTOR` and `DKIM_PRIVATE_KEY` every message is signed (all three or none)",
    }),
  ),
  DKIM_SELECTOR: Type.Optional(
    Matching(SELECTOR, "a selector such as td1: the name before ._domainkey, not the whole record name", {
      description:
        "The DKIM selector, e.g. `td1`: the public key is published at `<selector>._domainkey.<domain>`",
    }),
  ),
  DKIM_PRIVATE_KEY: Type.Optional(
    Type.Refine(
      Type.String({
        minLength: 1,
        description: "The DKIM private key: RSA, 1024 bits or more, in PEM with its line breaks",
      }),
      isDkimSigningKey,
      () =>
        "must be an RSA private key of 1024 bits or more (2048 is usual) in PEM, -----BEGIN PRIVATE KEY----- with its line breaks",
    ),
  ),
  MAIL_COMPLAINTS_SECRET: Type.Optional(
    Type.String({
      minLength: 32,
      description:
        "The bearer token of `POST /api/webhooks/mail-complaints`, where feedback loops' spam complaints are posted; unset: the endpoint is off",
    }),
  ),
  UNSUBSCRIBE_MAILTO: Type.Optional(
    Type.String({
      pattern: "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$",
      description:
        "An address for unsubscribing by e-mail, added to `List-Unsubscribe` beside the one-click link",
    }),
  ),
  // A visitor who leaves the preview meanwhile gets one message, the welcome carrying the preview, not two.
  LANDING_WELCOME_DELAY_MINUTES: Type.Integer({
    minimum: 0,
    maximum: 120,
    default: 15,
    description: "How long the welcome of a landing-page sign-up (e-mail only) waits, in minutes",
  }),
};

const DKIM_VARIABLES = ["DKIM_DOMAIN", "DKIM_SELECTOR", "DKIM_PRIVATE_KEY"] as const;

interface MailRuleValues {
  APP_ENV?: string;
  MAIL_FROM: string;
  DKIM_DOMAIN?: string | undefined;
  DKIM_SELECTOR?: string | undefined;
  DKIM_PRIVATE_KEY?: string | undefined;
  SMTP_TLS_ALLOW_INVALID_CERTIFICATE: boolean;
}

const missingDkim = (env: MailRuleValues) => DKIM_VARIABLES.filter((name) => env[name] === undefined);

/**
 * The mail variables' rules between each other: DKIM is all three or none (two of them would send unsigned
 * mail that looks configured), the From is on the signing domain (or receivers fail DMARC), and an
 * unverified relay certificate is for development only. Messages name variables and domains, never the key.
 */
const MAIL_RULES: { check(env: MailRuleValues): boolean; error(env: MailRuleValues): string }[] = [
  {
    check: (env) => [0, DKIM_VARIABLES.length].includes(missingDkim(env).length),
    error: (env) =>
      `DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY go together: set ${missingDkim(env).join(" and ")} too, or none of them (unsigned mail)`,
  },
  {
    check: (env) =>
      env.DKIM_DOMAIN === undefined || alignedDomains(senderDomain(env.MAIL_FROM) ?? "", env.DKIM_DOMAIN),
    error: (env) =>
      `MAIL_FROM's domain (${senderDomain(env.MAIL_FROM)}) is neither DKIM_DOMAIN (${env.DKIM_DOMAIN}) nor under it, so receivers would fail DMARC: send from an address at ${env.DKIM_DOMAIN} or sign for the From's domain`,
  },
  {
    check: (env) => !(env.APP_ENV === "production" && env.SMTP_TLS_ALLOW_INVALID_CERTIFICATE),
    error: () =>
      "SMTP_TLS_ALLOW_INVALID_CERTIFICATE=true takes a relay certificate that does not verify, refused with APP_ENV=production: trust the relay's CA with SMTP_TLS_CA_FILE instead",
  },
];

/** A process's schema with the mail rules added (loadConfig checks them once each variable is right). */
export function withMailRules<Schema extends TObject>(schema: Schema): Schema {
  return MAIL_RULES.reduce(
    (refined, rule) =>
      Type.Refine(
        refined,
        (env) => rule.check(env as unknown as MailRuleValues),
        (env) => rule.error(env as unknown as MailRuleValues),
      ) as Schema,
    schema,
  );
}

/** The mailer's environment when it runs as its own process (compose, Kubernetes, `make stack`). */
export const MailerEnvironment = withSiteRules(
  withMailRules(
    Type.Object({
      PORT: Port({ default: 4005, description: "Where the mailer listens" }),
      HOST: Host("0.0.0.0"),
      LOG_LEVEL: LogLevel,
      ...TracingVariables,
      APP_ENV: AppEnv("production", {
        description: "`development` serves /dev/mailbox (only without `SMTP_URL`)",
      }),
      DATABASE_URL: Url(["postgres", "postgresql"], { description: "Postgres" }),
      DATABASE_SCHEMA: SchemaName("mailer"),
      ...MigrationVariables,
      RABBITMQ_URL: Url(["amqp", "amqps"], {
        description:
          "Where the mailer reads what to send and publishes `newsletter.sent`, `digest.unsubscribed` and `digest.resubscribed`",
      }),
      IDENTITY_SECRET: Type.String({
        minLength: 32,
        description:
          "The gateway's: a caller header counts only with its proof; the unsubscribe links' key is derived from it",
      }),
      ...PreviousIdentitySecret,
      PUBLIC_URL: Url(["http", "https"], {
        default: "http://localhost:3000",
        description: "The site's address, which every link in an e-mail starts with",
      }),
      MAIL_DIR: Type.String({
        default: ".data/mail",
        description:
          "Where messages are written without `SMTP_URL`; must be writable (in a read-only container: under `/tmp`)",
      }),
      ...MailEnvironment,
      /** The support address and the operator at the foot of every e-mail. */
      ...SiteEnvironment,
    }),
  ),
);

/** How the connection to the relay is secured (SMTP_REQUIRE_TLS, SMTP_TLS_CA_FILE, SMTP_TLS_ALLOW_INVALID_CERTIFICATE). */
export interface SmtpTlsSettings {
  /** Refuse a relay that does not upgrade with STARTTLS. */
  requireTLS: boolean;
  /** PEM certificates of authorities to trust besides the system's. */
  ca?: string | undefined;
  /** Take a certificate that does not verify (development only). */
  allowInvalidCertificate: boolean;
}

export interface DkimSettings {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** What the mailer needs, however it was configured (its own process or the embedded product). */
export interface MailerSettings {
  identitySecret: string;
  /** While IDENTITY_SECRET is being rotated: the one before it, whose proofs still count. */
  previousIdentitySecret?: string | undefined;
  database: ServiceDatabaseSettings;
  publicUrl: string;
  /** An SMTP server; without it messages are written to `mailDir` for the development mailbox. */
  smtpUrl?: string | undefined;
  /** How the relay's connection is secured; unset: STARTTLS when offered, certificates verified against the system's CAs. */
  smtpTls?: SmtpTlsSettings | undefined;
  mailDir: string;
  from: string;
  dkim?: DkimSettings | undefined;
  unsubscribeMailto?: string | undefined;
  /** The bearer token feedback-loop complaints are posted with; unset: no complaint endpoint. */
  complaintsSecret?: string | undefined;
  /** Serve /dev/mailbox (never in production). */
  devMailbox: boolean;
  /** How long a landing-page sign-up's welcome waits (LANDING_WELCOME_DELAY_MINUTES). */
  landingWelcomeDelayMs: number;
  /** The support address and the operator every e-mail's footer names. */
  site: SiteSettings;
}

const MailVariables = Type.Object(MailEnvironment);
type MailVariables = Static<typeof MailVariables>;

/** The SMTP, TLS, sender and DKIM settings, and how long a landing-page sign-up's welcome waits, from the environment. */
export function mailSettingsFrom(
  env: MailVariables,
): Pick<
  MailerSettings,
  "smtpUrl" | "smtpTls" | "from" | "dkim" | "unsubscribeMailto" | "complaintsSecret" | "landingWelcomeDelayMs"
> {
  return {
    smtpUrl: env.SMTP_URL,
    smtpTls: {
      requireTLS: env.SMTP_REQUIRE_TLS,
      ca: env.SMTP_TLS_CA_FILE === undefined ? undefined : readFileSync(env.SMTP_TLS_CA_FILE, "utf8"),
      allowInvalidCertificate: env.SMTP_TLS_ALLOW_INVALID_CERTIFICATE,
    },
    from: env.MAIL_FROM,
    dkim:
      env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
        ? { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: env.DKIM_PRIVATE_KEY }
        : undefined,
    unsubscribeMailto: env.UNSUBSCRIBE_MAILTO,
    complaintsSecret: env.MAIL_COMPLAINTS_SECRET,
    landingWelcomeDelayMs: env.LANDING_WELCOME_DELAY_MINUTES * 60_000,
  };
}

export function mailerSettingsFrom(env: Static<typeof MailerEnvironment>): MailerSettings {
  return {
    identitySecret: env.IDENTITY_SECRET,
    previousIdentitySecret: env.IDENTITY_SECRET_PREVIOUS,
    database: { url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA, migration: migrationSettingFrom(env) },
    publicUrl: env.PUBLIC_URL,
    mailDir: env.MAIL_DIR,
    devMailbox: env.APP_ENV !== "production",
    ...mailSettingsFrom(env),
    site: siteSettingsFrom(env),
  };
}
