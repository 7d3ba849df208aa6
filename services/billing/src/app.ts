import { randomUUID } from "node:crypto";
import {
  busMigrations,
  type EventBus,
  measureEventBus,
  openServiceStore,
  writeToOutbox,
} from "@tubedigest/bus";
import type { EmbeddedPostgres, Migrations } from "@tubedigest/db";
import { createServiceApp, type ServiceApp } from "@tubedigest/http";
import type { Logger } from "pino";
import {
  createCatalogFollowedChannels,
  type FollowedChannels,
} from "./adapters/catalog/followed-channels.ts";
import type { CardPayments } from "./adapters/stripe/card-payments.ts";
import { createStripeCardPayments } from "./adapters/stripe/stripe-card-payments.ts";
import type { BillingSettings } from "./config.ts";
import type { BillingContext } from "./domain/billing-context.ts";
import { endDuePeriods } from "./domain/end-due-periods.ts";
import { billingSubscriptions } from "./events/subscriptions.ts";
import { stripeMetrics } from "./metrics/stripe-metrics.ts";
import { registerCheckoutRoutes } from "./routes/checkout-routes.ts";
import { registerInternalRoutes } from "./routes/internal-routes.ts";
import { registerPlanRoutes } from "./routes/plan-routes.ts";
import { registerSubscriptionRoutes } from "./routes/subscription-routes.ts";
import { registerWebhookRoutes } from "./routes/webhook-routes.ts";
import type { BillingDatabase } from "./store/database.ts";
import { migrations } from "./store/migrations/index.ts";

/** Everything billing's schema is made of: its own migrations and the bus's outbox and inbox. */
export const billingMigrations: Migrations = { ...busMigrations, ...migrations };

/** A sign-up's event reaches billing within this long even on a busy machine. */
const NEW_ACCOUNT_WAIT_MS = 5_000;

/** What billing is handed rather than building: the process's logger, its event bus and shared database. */
export interface BillingDependencies {
  log: Logger;
  events: EventBus;
  embeddedDatabase?: EmbeddedPostgres;
  /** The clock; tests move it to a trial's or a period's end. */
  now?: () => Date;
  /** Answer only at localhost, 127.0.0.1 or [::1]: the embedded product's loopback ports in development. */
  loopbackOnly?: boolean;
  /** Card payments other than Stripe's (an in-memory one in tests); used instead of `settings.stripe`. */
  cards?: CardPayments;
  /** The channel count other than catalog's (a test's own); used instead of asking `settings.catalogUrl`. */
  followedChannels?: FollowedChannels;
}

/** The built service, with the sweep that ends trials and test-mode periods, for tests to run on demand. */
export interface BillingApp extends ServiceApp {
  sweepPeriods: () => ReturnType<typeof endDuePeriods>;
}

/**
 * Builds the billing service: plans and prices, trials, Stripe checkout and renewals, test mode,
 * cancellation, webhooks and single summary charges.
 */
export async function buildBillingApp(
  settings: BillingSettings,
  dependencies: BillingDependencies,
): Promise<BillingApp> {
  const store = await openServiceStore<BillingDatabase>({
    database: settings.database,
    embedded: dependencies.embeddedDatabase,
    migrations: billingMigrations,
    events: dependencies.events,
    log: dependencies.log,
  });
  const database = store.database;
  const app = createServiceApp({
    name: "billing",
    logger: dependencies.log,
    loopbackOnly: dependencies.loopbackOnly,
    identitySecret: settings.identitySecret,
    previousIdentitySecret: settings.previousIdentitySecret,
    readiness: store.readiness,
  });
  measureEventBus(app, { service: "billing", events: dependencies.events, db: store.database.db });

  const cards =
    dependencies.cards ??
    (settings.stripe ? createStripeCardPayments(settings.stripe, stripeMetrics(app)) : undefined);
  app.log.info(
    { payments: dependencies.cards ? "injected" : cards ? "stripe" : "none", testMode: settings.testMode },
    "billing adapters chosen",
  );
  const context: BillingContext = {
    db: database.db,
    cards,
    testMode: settings.testMode,
    portalReturnUrl: new URL("/settings?tab=subscription", settings.publicUrl).toString(),
    followedChannels:
      dependencies.followedChannels ??
      createCatalogFollowedChannels(settings.catalogUrl, settings.identitySecret),
    recordEvent: writeToOutbox,
    log: app.log,
    now: dependencies.now ?? (() => new Date()),
    newAccountWaitMs: settings.newAccountWaitMs ?? NEW_ACCOUNT_WAIT_MS,
  };
  registerPlanRoutes(app, context);
  registerCheckoutRoutes(app, context);
  registerSubscriptionRoutes(app, context);
  registerWebhookRoutes(app, context);
  registerInternalRoutes(app, context);
  await dependencies.events.subscribe(billingSubscriptions(context));

  const sweepPeriods = () => endDuePeriods(context, `sweep-${randomUUID()}`);
  const sweep = setInterval(() => {
    sweepPeriods().catch((error: unknown) =>
      app.log.warn({ err: error }, "period sweep failed; next one retries"),
    );
  }, settings.sweepIntervalMs ?? 60_000);
  sweep.unref();
  app.addHook("onClose", async () => {
    clearInterval(sweep);
    await store.close();
  });
  return Object.assign(app, { sweepPeriods });
}
