import { StripeEnvironment, TestMode } from "@tubedigest/billing";
import {
  AppEnv,
  Host,
  LogLevel,
  Origin,
  Port,
  SiteEnvironment,
  Url,
  withSiteRules,
} from "@tubedigest/config";
import { RateLimitEnvironment, TrustProxy } from "@tubedigest/gateway";
import { MailEnvironment, withMailRules } from "@tubedigest/mailer";
import { SummariserAiEnvironment, SummariserDigestEnvironment } from "@tubedigest/summariser";
import Type from "typebox";

/**
 * The whole product in one process (`make start`). Every outside part is optional: without its URL the
 * embedded stand-in is used (PGlite files under DATA_DIR, in-memory sessions and rate limits).
 */
export const StandaloneEnvironment = withSiteRules(
  withMailRules(
    Type.Object({
      PORT: Port({
        minimum: 0,
        default: 3000,
        description: "Where the product listens; `0` picks a free port",
      }),
      HOST: Host("127.0.0.1", {
        description: "The interface it listens on (`0.0.0.0` to expose it, with `APP_ENV=production`)",
      }),
      LOG_LEVEL: LogLevel,
      APP_ENV: AppEnv("development", {
        description:
          "`production` marks cookies `Secure` (serve it over HTTPS then); `development` answers only at localhost, 127.0.0.1 and [::1], and serves /dev/mailbox",
      }),
      DATA_DIR: Type.String({
        default: ".data",
        description: "The embedded database, the locally made secrets and, without `SMTP_URL`, the mail",
      }),
      WEB_DIST: Type.String({ default: "web/dist", description: "The built web app" }),
      DATABASE_URL: Type.Optional(
        Url(["postgres", "postgresql"], {
          description: "A Postgres URL; unset: the embedded PGlite under `DATA_DIR`",
        }),
      ),
      REDIS_URL: Type.Optional(
        Url(["redis", "rediss"], {
          description:
            "A Redis URL for sessions, rate limits, the search cache, the digest queue and the schedules; unset: in memory, the schedules on timers",
        }),
      ),
      RABBITMQ_URL: Type.Optional(
        Url(["amqp", "amqps"], {
          description:
            "An AMQP URL for events; unset: an in-process broker (the outbox keeps events until they are published)",
        }),
      ),
      SESSION_SECRET: Type.Optional(
        Type.String({
          minLength: 32,
          description: "Signs session cookies; unset: made once into `DATA_DIR/secrets.json`",
        }),
      ),
      CLAIM_SECRET: Type.Optional(
        Type.String({
          minLength: 32,
          description:
            "Signs the claim cookie of password-less accounts; unset: made once into `DATA_DIR/secrets.json`",
        }),
      ),
      IDENTITY_SECRET: Type.Optional(
        Type.String({
          minLength: 32,
          description:
            "Signs the caller header the gateway sends the services; unset: made once into `DATA_DIR/secrets.json`",
        }),
      ),
      TRUST_PROXY: TrustProxy,
      METRICS_PORT: Type.Optional(
        Port({ description: "Serves the gateway's `/metrics` on 127.0.0.1 at this port; unset: not served" }),
      ),
      PUBLIC_ORIGIN: Type.Optional(
        Origin({
          description:
            "The site's origin (`https://tubedigest.example`); unset: the request's Host is taken as it",
        }),
      ),
      /** The gateway's rate limits; sign-in attempts are counted per minute. */
      ...RateLimitEnvironment,
      YOUTUBE_API_KEY: Type.Optional(
        Type.String({
          minLength: 1,
          description:
            "The YouTube Data API key; unset: the demo catalog (made-up channels) answers searches",
        }),
      ),
      YOUTUBE_DAILY_QUOTA_UNITS: Type.Integer({
        minimum: 1,
        default: 10_000,
        description: "The project's Data API quota per day",
      }),
      ...StripeEnvironment,
      // On by default in development, so the whole funnel can be walked without a card.
      BILLING_TEST_MODE: Type.Optional(
        TestMode(undefined, {
          description:
            "The checkout's 'TEST MODE: Skip Payment' button: plans activated without payment; unset: `true` in development, else `false`",
        }),
      ),
      /** Outgoing mail; without SMTP_URL every message is a file under DATA_DIR/mail, listed at /dev/mailbox. */
      ...MailEnvironment,
      /** The model, captions and hidden tool; without a key the embedded extractive writer summarises. */
      ...SummariserAiEnvironment,
      ...SummariserDigestEnvironment,
      /** The support address and the operator, on every page and e-mail; development's own while unset. */
      ...SiteEnvironment,
    }),
  ),
);

/** Test mode as asked, or by default on in development and off in production. */
export function billingTestMode(env: {
  APP_ENV: string;
  BILLING_TEST_MODE?: "true" | "false" | undefined;
}): boolean {
  return env.BILLING_TEST_MODE === undefined
    ? env.APP_ENV === "development"
    : env.BILLING_TEST_MODE === "true";
}
