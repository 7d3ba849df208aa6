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
  TracingVariables,
  Url,
} from "@tubedigest/config";
import { PreviousIdentitySecret } from "@tubedigest/http/identity-environment";
import Type, { type Static, type TSchemaOptions } from "typebox";
import type { StripeSettings } from "./adapters/stripe/stripe-card-payments.ts";

/** "true" or "false": whether plans can be activated without payment (the checkout's skip button). */
export function TestMode(defaultValue?: "true" | "false", options: TSchemaOptions = {}) {
  return Type.Union([Type.Literal("true"), Type.Literal("false")], {
    ...(defaultValue ? { default: defaultValue } : {}),
    ...options,
  });
}

/** Card payments: billing's own process and the embedded product read them alike. */
export const StripeEnvironment = {
  STRIPE_SECRET_KEY: Type.Optional(
    Matching(/^(sk|rk)_(test|live)_\S+$/, "a Stripe secret key: sk_test_… or sk_live_…", {
      description:
        "Card payments through Stripe (`sk_test_…`, `sk_live_…`); unset: checkout by card says it is not set up, test mode still works",
    }),
  ),
  STRIPE_PUBLISHABLE_KEY: Type.Optional(
    Matching(/^pk_(test|live)_\S+$/, "a Stripe publishable key: pk_test_… or pk_live_…", {
      description: "Given to the web app for Stripe's payment form (`pk_…`)",
    }),
  ),
  STRIPE_WEBHOOK_SECRET: Type.Optional(
    Matching(/^whsec_\S+$/, "a webhook signing secret: whsec_…", {
      description:
        "Checks the signature of Stripe's webhooks at `/api/webhooks/stripe` (`whsec_…`); unset: every webhook is refused",
    }),
  ),
  STRIPE_API_URL: Type.Optional(
    Url(["http", "https"], {
      description: "Another address for Stripe's API (a proxy, or a fake in tests); unset: Stripe's own",
    }),
  ),
};

/** Billing's environment when it runs as its own process (compose, Kubernetes, `make stack`). */
export const BillingEnvironment = Type.Object({
  PORT: Port({ default: 4003, description: "Where billing listens" }),
  HOST: Host("0.0.0.0"),
  LOG_LEVEL: LogLevel,
  ...TracingVariables,
  APP_ENV: AppEnv("production", {
    description: "`production` refuses `BILLING_TEST_MODE=true` and Stripe's test keys",
  }),
  DATABASE_URL: Url(["postgres", "postgresql"], { description: "Postgres" }),
  DATABASE_SCHEMA: SchemaName("billing"),
  ...MigrationVariables,
  RABBITMQ_URL: Url(["amqp", "amqps"], {
    description: "Where billing reads sign-ups and publishes subscription and trial events",
  }),
  IDENTITY_SECRET: Type.String({
    minLength: 32,
    description: "The gateway's: a caller header counts only with its proof",
  }),
  ...PreviousIdentitySecret,
  ...StripeEnvironment,
  BILLING_TEST_MODE: TestMode("false", {
    description: "`true` allows plans without payment (the checkout's skip button): development only",
  }),
  PUBLIC_URL: Url(["http", "https"], {
    default: "http://localhost:3000",
    description: "The site's address, where Stripe's customer portal sends people back to",
  }),
  CATALOG_URL: Url(["http", "https"], {
    description: "The catalog service: how many channels a reader follows before a move to a lower plan",
  }),
  BILLING_SWEEP_SECONDS: Type.Integer({
    minimum: 1,
    default: 60,
    description: "How often trials and test-mode periods are checked for their end, in seconds",
  }),
});

/** What billing needs, however it was configured (its own process or the embedded product). */
export interface BillingSettings {
  identitySecret: string;
  /** While IDENTITY_SECRET is being rotated: the one before it, whose proofs still count. */
  previousIdentitySecret?: string | undefined;
  database: ServiceDatabaseSettings;
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
    previousIdentitySecret: env.IDENTITY_SECRET_PREVIOUS,
    database: { url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA, migration: migrationSettingFrom(env) },
    stripe: stripeSettingsFrom(env),
    testMode: env.BILLING_TEST_MODE === "true",
    publicUrl: env.PUBLIC_URL,
    catalogUrl: env.CATALOG_URL,
    sweepIntervalMs: env.BILLING_SWEEP_SECONDS * 1000,
  };
}
