import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineSubscriptions } from "@tubedigest/bus";
import { createTestBus, schemaTemplate, type TestBus } from "@tubedigest/bus/testing";
import { type AnyEvent, contractOf, type EventName } from "@tubedigest/contracts";
import { createDatabase, type Database, EmbeddedPostgres, prepareMigratedDataDir } from "@tubedigest/db";
import { callerHeaders, claimHolderHeaders } from "@tubedigest/http/caller-proof";
import { eventually } from "@tubedigest/testing/eventually";
import { type FakeStripeApi, startFakeStripeApi } from "@tubedigest/testing/stripe";
import { createMigratedTestSchema } from "@tubedigest/testing/test-schema";
import { pino } from "pino";
import type { CardEvent, CardPayments } from "../../src/adapters/stripe/card-payments.ts";
import { type BillingApp, billingMigrations, buildBillingApp } from "../../src/app.ts";
import type { BillingDatabase } from "../../src/store/database.ts";
import { IN_MEMORY_SIGNATURE, InMemoryCardPayments } from "./in-memory-card-payments.ts";

const IDENTITY_SECRET = "identity-secret-for-tests-only-0123456789";

/** What the gateway sends for a signed-in user: their id, its proof, the request id it is bound to. */
export const asUser = (userId: string) => {
  const requestId = randomUUID();
  return { ...callerHeaders(IDENTITY_SECRET, userId, requestId), "x-request-id": requestId };
};

/** What the gateway sends for a visitor whose browser holds the live claim on the password-less account `userId`. */
export const asClaimHolder = (userId: string) => claimHolderHeaders(IDENTITY_SECRET, userId, randomUUID());

const PUBLISHED: EventName[] = [
  "subscription.activated",
  "subscription.changed",
  "subscription.change-scheduled",
  "subscription.cancelled",
  "subscription.resumed",
  "subscription.payment-failed",
  "subscription.expired",
  "trial.ending",
  "trial.ended",
  "trial.converted",
];

export interface BillingUnderTest {
  app: BillingApp;
  testBus: TestBus;
  /** A second connection to billing's schema, for checking what it stored. */
  database: Database<BillingDatabase>;
  /** Every event billing published, in arrival order. */
  published: AnyEvent[];
  /** Moves billing's clock (trials and periods end by it); undefined goes back to the real one. */
  setNow(now: Date | undefined): void;
  /** How many channels catalog says the user follows (none until set). */
  setFollowedChannels(userId: string, count: number): void;
  /** Signs a user up as auth would: `user.registered`, then waits until billing has the account. */
  register(input?: { email?: string; at?: Date }): Promise<{ userId: string; email: string }>;
  /** Deletes the account as auth announces it (`user.deleted`), then waits until billing has erased it. */
  deleteAccount(user: { userId: string; email: string }): Promise<void>;
  /**
   * Settles a held single summary charge as the summariser's outcome does (`video.summarised` captures,
   * `video-summary.failed` releases), then waits until billing has stored it.
   */
  settleCharge(userId: string, holdId: string, outcome: "captured" | "released"): Promise<void>;
  /** Publishes `user.registered` for an account auth made, without waiting for billing to record it. */
  announceSignUp(userId: string, email: string): Promise<void>;
  /** The events about one user, by name. */
  eventsOf(userId: string): string[];
  /** The data of the first `name` event about one user. */
  eventData(userId: string, name: EventName): Record<string, unknown> | undefined;
  stop(): Promise<void>;
}

/** Where billing finds Stripe: the fake's address and keys. */
export interface BillingOptions {
  stripe?: FakeStripeApi;
  testMode?: boolean;
  /** How long the SDK waits for Stripe's answer before it tries again (2 s unless a test holds answers longer). */
  stripeTimeoutMs?: number;
  /** How long a request about an account billing has not heard of yet waits for its sign-up event. */
  newAccountWaitMs?: number;
  /** On the embedded database (PGlite, one connection for every transaction) instead of Postgres. */
  embedded?: boolean;
  /** Card payments other than Stripe's SDK: the in-memory provider. */
  cards?: CardPayments;
}

/** Each test's schema comes migrated (`createMigratedTestSchema`): the migrations run once per worker. */
const billingTemplate = schemaTemplate("billing", billingMigrations);

/**
 * Billing's schema: on the real Postgres, or in an embedded database of the test's own, a copy of a data
 * folder billing's migrations were applied to once (starting PGlite from nothing runs initdb, which the
 * tests here are not about).
 */
async function billingSchema(embedded: boolean) {
  if (embedded) {
    const folder = mkdtempSync(path.join(tmpdir(), "billing-embedded-"));
    const migrated = await prepareMigratedDataDir([{ schema: "billing", migrations: billingMigrations }]);
    const database = EmbeddedPostgres.open(path.join(folder, "database"), { copyOf: migrated });
    return {
      settings: { schema: "billing" },
      embedded: database,
      connect: () => createDatabase<BillingDatabase>({ embedded: database, schema: "billing" }),
      async drop() {
        await database.close();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  }
  const schema = await createMigratedTestSchema("billing", billingTemplate);
  return {
    settings: { url: schema.url, schema: schema.schema },
    embedded: undefined,
    connect: () => createDatabase<BillingDatabase>({ url: schema.url, schema: schema.schema, poolSize: 2 }),
    drop: () => schema.drop(),
  };
}

/**
 * Billing as it runs in production: the real Postgres (a schema of its own), RabbitMQ, and Stripe's SDK;
 * or as in the embedded product, on PGlite.
 */
export async function startBilling(options: BillingOptions = {}) {
  const schema = await billingSchema(options.embedded ?? false);
  const testBus = await createTestBus("rabbitmq");
  let now: Date | undefined;
  const followed = new Map<string, number>();
  const stripe = options.stripe;
  const app = await buildBillingApp(
    {
      identitySecret: IDENTITY_SECRET,
      database: schema.settings,
      stripe: stripe ? { ...stripe.billingSettings, timeoutMs: options.stripeTimeoutMs ?? 2_000 } : undefined,
      testMode: options.testMode ?? false,
      publicUrl: "http://localhost:3000",
      // Nobody answers there: the count below stands in for catalog's.
      catalogUrl: "http://127.0.0.1:9",
      sweepIntervalMs: 60 * 60 * 1000,
      newAccountWaitMs: options.newAccountWaitMs,
    },
    {
      log: pino({ level: "silent" }),
      events: testBus.bus,
      embeddedDatabase: schema.embedded,
      now: () => now ?? new Date(),
      followedChannels: { count: async (userId) => followed.get(userId) ?? 0 },
      ...(options.cards ? { cards: options.cards } : {}),
    },
  ).catch(async (error: unknown) => {
    await testBus.cleanup();
    await schema.drop();
    throw error;
  });
  const published: AnyEvent[] = [];
  const record = async (event: AnyEvent) => {
    published.push(event);
  };
  await testBus.bus.subscribe(
    defineSubscriptions({
      service: "probe",
      queues: {
        billing: {
          events: PUBLISHED,
          handlers: Object.fromEntries(PUBLISHED.map((name) => [name, record])) as never,
        },
      },
    }),
  );
  const database = schema.connect();
  const about = (userId: string) =>
    published.filter((event) => (event.data as { userId?: string }).userId === userId);
  const signUp = (userId: string, email: string, at?: Date) =>
    testBus.bus.publish(
      "user.registered",
      { userId, email, fullName: null, passwordless: true, selectedChannels: [] },
      { correlationId: "signup", ...(at ? { occurredAt: at } : {}) },
    );
  const harness: BillingUnderTest = {
    app,
    testBus,
    database,
    published,
    setNow(next) {
      now = next;
    },
    setFollowedChannels(userId, count) {
      followed.set(userId, count);
    },
    async register(input = {}) {
      const userId = randomUUID();
      const email = input.email ?? `${userId.slice(0, 8)}@example.com`;
      await signUp(userId, email, input.at);
      await eventually(() =>
        database.db.selectFrom("accounts").select("user_id").where("user_id", "=", userId).executeTakeFirst(),
      );
      return { userId, email };
    },
    async deleteAccount({ userId, email }) {
      await testBus.bus.publish("user.deleted", { userId, email }, { correlationId: `deleted-${userId}` });
      await eventually(async () => {
        const account = await database.db
          .selectFrom("accounts")
          .select("user_id")
          .where("user_id", "=", userId)
          .executeTakeFirst();
        return account ? undefined : true;
      });
    },
    async settleCharge(userId, holdId, outcome) {
      const order = { orderId: randomUUID(), userId, holdId, videoId: "dQw4w9WgXcQ" };
      const correlation = { correlationId: `settle-${holdId}` };
      if (outcome === "captured")
        await testBus.bus.publish(
          "video.summarised",
          { ...contractOf("video.summarised").example, ...order },
          correlation,
        );
      else await testBus.bus.publish("video-summary.failed", { ...order, reason: "failed" }, correlation);
      await eventually(async () => {
        const hold = await database.db
          .selectFrom("holds")
          .select("status")
          .where("id", "=", holdId)
          .executeTakeFirst();
        return hold?.status === outcome ? true : undefined;
      }, 15_000);
    },
    async announceSignUp(userId, email) {
      await signUp(userId, email);
    },
    eventsOf(userId) {
      return about(userId).map((event) => event.name);
    },
    eventData(userId, name) {
      return about(userId).find((event) => event.name === name)?.data as Record<string, unknown> | undefined;
    },
    async stop() {
      await testBus.bus.close();
      await app.close();
      await testBus.cleanup();
      await database.close();
      await schema.drop();
    },
  };
  return harness;
}

/**
 * Billing with card payments through Stripe's SDK against a fake Stripe of its own, which sends its
 * webhooks to billing as Stripe would: a suite's parts for the whole file; `stop` ends both.
 */
export async function startBillingWithStripe(options: Omit<BillingOptions, "stripe"> = {}) {
  const stripe = await startFakeStripeApi();
  const billing = await startBilling({ ...options, stripe });
  const url = await billing.app.listen({ port: 0, host: "127.0.0.1" });
  stripe.setWebhookUrl(`${url}/api/webhooks/stripe`);
  return {
    stripe,
    billing,
    async stop() {
      await billing.stop();
      await stripe.close();
    },
  };
}

/**
 * Billing with card payments held in memory: the domain as Stripe drives it, without Stripe's wire.
 * Webhooks wait until the test delivers them, as the provider would, to billing's webhook route.
 */
export async function startBillingWithCards(options: Omit<BillingOptions, "stripe" | "cards"> = {}) {
  const cards = new InMemoryCardPayments();
  const billing = await startBilling({ ...options, cards });
  const deliver = async (event: CardEvent, signature = IN_MEMORY_SIGNATURE) => {
    const reply = await billing.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      payload: JSON.stringify(event),
      headers: { "content-type": "application/json", "stripe-signature": signature },
    });
    return { status: reply.statusCode, body: reply.body };
  };
  return {
    cards,
    billing,
    deliver,
    /** Delivers every webhook not delivered yet, one after another. */
    async deliverPending() {
      const results = [];
      for (const event of cards.takePending()) results.push(await deliver(event));
      return results;
    },
    stop: () => billing.stop(),
  };
}
