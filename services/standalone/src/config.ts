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
      /** 0 picks a free port (the browser tests). */
      PORT: Port({ minimum: 0, default: 3000 }),
      HOST: Host("127.0.0.1"),
      LOG_LEVEL: LogLevel,
      APP_ENV: AppEnv("development"),
      DATA_DIR: Type.String({ default: ".data" }),
      WEB_DIST: Type.String({ default: "web/dist" }),
      DATABASE_URL: Type.Optional(Url(["postgres", "postgresql"])),
      REDIS_URL: Type.Optional(Url(["redis", "rediss"])),
      RABBITMQ_URL: Type.Optional(Url(["amqp", "amqps"])),
      SESSION_SECRET: Type.Optional(Type.String({ minLength: 32 })),
      CLAIM_SECRET: Type.Optional(Type.String({ minLength: 32 })),
      IDENTITY_SECRET: Type.Optional(Type.String({ minLength: 32 })),
      /** Proxies in front of the product (a TLS-terminating one when APP_ENV=production): a count or addresses. */
      TRUST_PROXY: TrustProxy,
      /** The gateway's `/metrics`, on 127.0.0.1 at this port; not served when unset. */
      METRICS_PORT: Type.Optional(Port()),
      PUBLIC_ORIGIN: Type.Optional(Origin()),
      /** The gateway's rate limits; sign-in attempts are counted per minute. */
      ...RateLimitEnvironment,
      /** The YouTube Data API key; without it the demo catalog shipped in the repo answers searches. */
      YOUTUBE_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
      YOUTUBE_DAILY_QUOTA_UNITS: Type.Integer({ minimum: 1, default: 10_000 }),
      /** Card payments; without a secret key checkout by card says it is not set up. */
      ...StripeEnvironment,
      /** The checkout's skip button; on by default in development, so the whole funnel can be walked. */
      BILLING_TEST_MODE: Type.Optional(TestMode()),
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
