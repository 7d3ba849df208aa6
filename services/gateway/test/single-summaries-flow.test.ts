import { createDatabase, type Database } from "@tubedigest/db";
import { eventually } from "@tubedigest/testing/eventually";
import { defaultFakeResponder, type FakeOpenAiApi, startFakeOpenAiApi } from "@tubedigest/testing/openai";
import { type FakeStripeApi, startFakeStripeApi } from "@tubedigest/testing/stripe";
import { uniqueName } from "@tubedigest/testing/test-infra";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelId } from "./support/channel-fixtures.ts";
import { llmSettingsOf } from "./support/digest-rig.ts";
import { Browser, startTestStack, type TestStack } from "./test-stack.ts";

/** Billing's tables this test reads: what was held, and for whom. */
interface BillingTables {
  accounts: { user_id: string; email: string; stripe_customer_id: string | null };
  holds: {
    user_id: string;
    video_id: string;
    amount_cents: number;
    status: string;
    payment_intent_id: string | null;
  };
}

const CHANNEL = channelId();
const VIDEOS = {
  fortyMinutes: { id: "fortyMinute", title: "Forty minutes of tides", duration: "PT40M" },
  // The model cannot summarise this one: it answers in a shape that cannot be used, twice.
  unsummarisable: { id: "cannotBeDon", title: "An unsummarisable lecture", duration: "PT1H30M" },
} as const;

// The purchase across the services on the real parts, with Stripe's SDK: a card held once and captured,
// or released. Each step has its own level elsewhere: the price, its tiers and refusals, a double confirm
// and another price refused at once or later in services/summariser/test/single-summary-purchase.test.ts
// (billing a stand-in); capture and release on the summariser's events in
// services/billing/test/single-summary-charges.test.ts; the page on the embedded product in
// tests/browser/subscriber-single-summaries.test.ts.
describe("single summaries priced, bought on confirm and charged once (Postgres, RabbitMQ, Stripe's SDK on a fake Stripe)", () => {
  let stripe: FakeStripeApi;
  let llm: FakeOpenAiApi;
  let stack: TestStack;
  let billing: Database<BillingTables>;

  beforeAll(async () => {
    stripe = await startFakeStripeApi();
    llm = await startFakeOpenAiApi();
    llm.respondWith((request) =>
      request.messages.some((message) => message.content.includes(VIDEOS.unsummarisable.title))
        ? "this is not the summary's shape"
        : defaultFakeResponder(request),
    );
    stack = await startTestStack("real", {
      stripe,
      digest: {
        llm: llmSettingsOf(llm, 2),
        jobLockMs: 30_000,
        leaseMs: 30_000,
      },
    });
    stripe.setWebhookUrl(`${stack.services.billing}/api/webhooks/stripe`);
    stack.youtube?.addChannel({ id: CHANNEL, title: "Tides and moons", subscriberCount: 10 });
    for (const video of Object.values(VIDEOS)) {
      stack.youtube?.addVideo({
        ...video,
        channelId: CHANNEL,
        description: `${video.title}. It explains how the moon pulls the sea. It shows a tide table.`,
        publishedAt: new Date(Date.now() - 86_400_000).toISOString(),
      });
    }
    const schema = stack.databases.billing;
    if (!schema) throw new Error("a real stack has a billing schema");
    billing = createDatabase<BillingTables>({ ...schema, poolSize: 2 });
  });
  afterAll(async () => {
    await billing?.close();
    await stack?.stop();
    await stripe?.close();
    await llm?.close();
  });

  /**
   * A subscriber who chose a plan by card through Stripe's form, as the checkout does: in the account's
   * free days, so the card is saved (a setup intent) and first charged when they end.
   */
  async function cardSubscriber() {
    const browser = new Browser(stack.gateway);
    const email = `${uniqueName("card")}@example.com`;
    const registered = await browser.call("POST", "/api/auth/register", {
      email,
      password: "long enough password",
    });
    expect(registered.statusCode).toBe(201);
    const intent = await eventually(async () => {
      const reply = await browser.call("POST", "/api/create-payment-intent", {
        amount: 999,
        plan: "creator",
      });
      return reply.statusCode === 503 ? undefined : reply;
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const setupIntentId = String(intent.json().clientSecret).split("_secret_")[0] ?? "";
    stripe.confirmSetupIntent(setupIntentId, "succeeds");
    const subscribed = await browser.call("POST", "/api/subscribe", {
      plan: "creator",
      channelCount: 1,
      setupIntentId,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    await stripe.deliverAll();
    const account = await billing.db
      .selectFrom("accounts")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    return { browser, email, userId: account.user_id, customerId: account.stripe_customer_id ?? "" };
  }

  /** Payments Stripe was asked to hold (manual capture) on this customer's card. */
  const holdRequestsOf = (customerId: string) =>
    stripe.requests.filter(
      (request) =>
        request.route === "POST /v1/payment_intents" &&
        request.body.customer === customerId &&
        request.body.capture_method === "manual",
    );
  const holdsOf = (userId: string) =>
    billing.db.selectFrom("holds").selectAll().where("user_id", "=", userId).execute();
  const quote = (browser: Browser, videoId: string) =>
    browser.call("POST", "/api/process-individual-video/quote", { videoUrl: `https://youtu.be/${videoId}` });
  const confirm = (browser: Browser, quoteId: string) =>
    browser.call("POST", "/api/process-individual-video", { quoteId });
  const listed = async (browser: Browser, status: string) =>
    eventually(async () => {
      const [item] = (await browser.call("GET", "/api/single-summaries")).json();
      return item?.status === status ? item : undefined;
    }, 30_000);
  /** The text of the newest message to `to` whose subject has `subject`, once the mailer has sent it. */
  const mailText = (to: string, subject: string) =>
    eventually(async () => {
      await stack.mailer.deliverDue();
      const page = await new Browser(stack.gateway).call("GET", "/dev/mailbox");
      const row = page.body.split("<tr>").find((cells) => cells.includes(to) && cells.includes(subject));
      const path = row && /href="(\/dev\/mailbox\/[^"]+)"/.exec(row)?.[1];
      return path ? (await new Browser(stack.gateway).call("GET", `${path}/text`)).body : undefined;
    }, 30_000);

  it("shows the price and holds nothing; a triple confirm holds once, and exactly that price is captured", async () => {
    const { browser, email, userId, customerId } = await cardSubscriber();
    const shown = await quote(browser, VIDEOS.fortyMinutes.id);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      title: VIDEOS.fortyMinutes.title,
      durationSeconds: 40 * 60,
      amountCents: 199,
      payment: "card",
    });
    // Nothing is held while the price is only shown.
    expect(holdRequestsOf(customerId)).toEqual([]);
    expect(await holdsOf(userId)).toEqual([]);
    expect((await browser.call("GET", "/api/single-summaries")).json()).toEqual([]);

    const confirms = await Promise.all([1, 2, 3].map(() => confirm(browser, shown.json().quoteId)));
    for (const reply of confirms) expect(reply.statusCode, reply.body).toBe(202);
    expect(new Set(confirms.map((reply) => reply.json().id)).size).toBe(1);

    const ready = await listed(browser, "ready");
    expect(ready).toMatchObject({ amountCents: 199, charge: "charged", testMode: false });
    expect(ready.summary).toMatch(/^- \*\*/);
    const captured = await eventually(async () => {
      const holds = await holdsOf(userId);
      return holds.every((hold) => hold.status === "captured") ? holds : undefined;
    });
    expect(captured).toHaveLength(1);
    expect(captured[0]).toMatchObject({ video_id: VIDEOS.fortyMinutes.id, amount_cents: 199 });
    expect(stripe.paymentIntent(captured[0]?.payment_intent_id ?? "")).toMatchObject({
      amount: 199,
      amount_received: 199,
      capture_method: "manual",
      status: "succeeded",
    });
    // One payment asked of Stripe, however often it was asked (the SDK retries under one key).
    expect(new Set(holdRequestsOf(customerId).map((request) => request.idempotencyKey)).size).toBe(1);

    const mail = await mailText(email, `Your summary: ${VIDEOS.fortyMinutes.title}`);
    expect(mail).toContain("Price: $1.99, charged to the card of your subscription.");
  });

  it("releases the hold when the summary cannot be made, lists it as not charged and says so by e-mail", async () => {
    const { browser, email, userId } = await cardSubscriber();
    const shown = await quote(browser, VIDEOS.unsummarisable.id);
    expect(shown.json()).toMatchObject({ amountCents: 399, payment: "card" });
    expect((await confirm(browser, shown.json().quoteId)).statusCode).toBe(202);

    const failed = await listed(browser, "failed");
    expect(failed).toMatchObject({ amountCents: 399, charge: "not-charged", summary: null });
    const [released] = await eventually(async () => {
      const holds = await holdsOf(userId);
      return holds.length === 1 && holds[0]?.status === "released" ? holds : undefined;
    });
    expect(stripe.paymentIntent(released?.payment_intent_id ?? "")).toMatchObject({
      amount: 399,
      amount_received: 0,
      status: "canceled",
    });
    const mail = await mailText(email, "you were not charged");
    expect(mail).toContain("You were not charged: the $3.99 held on your card was released.");
  });
});
