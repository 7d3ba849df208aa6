import { AppEnv, Host, LogLevel, Matching, Port, SchemaName, Url } from "@tubedigest/config";
import Type, { type Static } from "typebox";
import type { StripeSettings } from "./adapters/stripe/stripe-card-payments.ts";

/** "true" or "false": whether plans can be activated without payment (the checkout's skip button). */
export function TestMode(defaultValue?: "true" | "false") {
  return Type.Union(
    [Type.Literal("true"), Type.Literal("false")],
    defaultValue ? { default: defaultValue } : {},
  );
}

/** Card payments: billing's own process and the embedded product read them alike. */
export const StripeEnvironment = {
  /** Without it card payment is off and only test mode can activate a plan. */
  STRIPE_SECRET_KEY: Type.Optional(
    Matching(/^(sk|rk)_(test|live)_\S+$/, "a Stripe secret key: sk_test_… or sk_live_…"),
  ),
  /** Given to the web app for Stripe's payment form. */
  STRIPE_PUBLISHABLE_KEY: Type.Optional(
    Matching(/^pk_(test|live)_\S+$/, "a Stripe publishable key: pk_test_… or pk_live_…"),
  ),
  /** Checks the signature of Stripe's webhooks; without it every webhook is refused. */
  STRIPE_WEBHOOK_SECRET: Type.Optional(Matching(/^whsec_\S+$/, "a webhook signing secret: whsec_…")),
  /** Another address for Stripe's API (a proxy, or a fake in tests); Stripe's own when unset. */
  STRIPE_API_URL: Type.Optional(Url(["http", "https"])),
};

/** Billing's environment when it runs as its own process (compose, Kubernetes, `make stack`). */
export const BillingEnvironment = Type.Object({
  PORT: Port({ default: 4003 }),
  HOST: Host("0.0.0.0"),
  LOG_LEVEL: LogLevel,
  /** Test mode and Stripe's test keys are refused with "production" (see @tubedigest/config). */
  APP_ENV: AppEnv("production"),
  DATABASE_URL: Url(["postgres", "postgresql"]),
  DATABASE_SCHEMA: SchemaName("billing"),
  RABBITMQ_URL: Url(["amqp", "amqps"]),
  /** The gateway's secret for the caller header: a caller is believed only with its proof. */
  IDENTITY_SECRET: Type.String({ minLength: 32 }),
  ...StripeEnvironment,
  /** Plans without payment (the checkout's skip button): "true" in development only. */
  BILLING_TEST_MODE: TestMode("false"),
  /** The web app's address, where Stripe's customer portal sends people back to. */
  PUBLIC_URL: Url(["http", "https"], { default: "http://localhost:3000" }),
  /** Catalog, asked how many channels a reader follows before a move to a lower plan. */
  CATALOG_URL: Url(["http", "https"]),
  /** How often trials and test-mode periods are checked for their end. */
  BILLING_SWEEP_SECONDS: Type.Integer({ minimum: 1, default: 60 }),
});

/** What billing needs, however it was configured (its own process or the embedded product). */
export interface BillingSettings {
  identitySecret: string;
  database: { url?: string | undefined; dataDir?: string | undefined; schema: string };
  /** Card payments; absent, checkout by card answers that it is not set up. */
  stripe?: StripeSettings | undefined;
  testMode: boolean;
  publicUrl: string;
  catalogUrl: string;
  sweepIntervalMs?: number | undefined;
  /** How long a request about an account not yet heard of waits for auth's event (5 s by default). */
  newAccountWaitMs?: number | undefined;
}

interface StripeVariables {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_API_URL?: string | undefined;
}

/** Stripe's settings from the environment; none without a secret key. */
export function stripeSettingsFrom(env: StripeVariables): StripeSettings | undefined {
  return env.STRIPE_SECRET_KEY
    ? {
        secretKey: env.STRIPE_SECRET_KEY,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        apiUrl: env.STRIPE_API_URL,
      }
    : undefined;
}

export function billingSettingsFrom(env: Static<typeof BillingEnvironment>): BillingSettings {
  return {
    identitySecret: env.IDENTITY_SECRET,
    database: { url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA },
    stripe: stripeSettingsFrom(env),
    testMode: env.BILLING_TEST_MODE === "true",
    publicUrl: env.PUBLIC_URL,
    catalogUrl: env.CATALOG_URL,
    sweepIntervalMs: env.BILLING_SWEEP_SECONDS * 1000,
  };
}
