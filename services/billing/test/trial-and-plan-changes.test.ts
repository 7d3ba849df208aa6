import type { FakeStripeApi } from "@tubedigest/testing/stripe";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../src/domain/messages.ts";
import {
  asUser,
  type BillingUnderTest,
  startBilling,
  startBillingWithStripe,
} from "./support/billing-harness.ts";
import { cardCheckout, paymentIntentOf } from "./support/card-checkout.ts";

const DAY = 24 * 60 * 60 * 1000;
/** `days` ago, on a whole second: Stripe keeps times in seconds, so a trial's end read back is the same. */
const daysAgo = (days: number) => new Date(Math.floor((Date.now() - days * DAY) / 1000) * 1000);

/** What a reader asks of their subscription in Settings › Subscription. */
function settings(billing: () => BillingUnderTest) {
  const get = async (userId: string, url: string) => billing().app.inject({ url, headers: asUser(userId) });
  const post = (userId: string, url: string, payload?: object) =>
    billing().app.inject({ method: "POST", url, ...(payload ? { payload } : {}), headers: asUser(userId) });
  return {
    describe: async (userId: string) => (await get(userId, "/api/subscription")).json(),
    quote: (userId: string, plan: string) => get(userId, `/api/subscription/plan-quote?plan=${plan}`),
    change: (userId: string, plan: string, quotedAt: string) =>
      post(userId, "/api/subscription/plan", { plan, quotedAt }),
    cancel: (userId: string) => post(userId, "/api/subscription/cancel"),
    resume: (userId: string) => post(userId, "/api/subscription/resume"),
  };
}

describe("one trial with a card, and self-serve plans, against the fake Stripe through its SDK", () => {
  let stripe: FakeStripeApi;
  let billing: BillingUnderTest;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ stripe, billing, stop } = await startBillingWithStripe({ testMode: false }));
  });
  afterAll(() => stop());

  const { post, paidSubscriber, stored } = cardCheckout(() => billing, {
    confirm: (paymentIntentId) => stripe.confirmPaymentIntent(paymentIntentId, "succeeds"),
    deliverPending: () => stripe.deliverAll(),
  });
  const reader = settings(() => billing);
  const customerOf = async (userId: string) => (await stored("accounts", userId)).stripe_customer_id ?? "";
  const subscriptionIdOf = async (userId: string) =>
    (await stored("subscriptions", userId)).stripe_subscription_id ?? "";
  /** Stripe's requests that change something, since `from`. */
  const writesSince = (from: number) =>
    stripe.requests.slice(from).filter((request) => request.method !== "GET");

  /** A reader in their free days who chose `plan`, the card saved through the setup intent. */
  async function trialist(plan: "solo" | "premium" | "pro", signedUpAt = daysAgo(1)) {
    const user = await billing.register({ at: signedUpAt });
    const amount = { solo: 499, premium: 999, pro: 2999 }[plan];
    const intent = await post("/api/create-payment-intent", { amount, plan }, user.userId);
    expect(intent.statusCode).toBe(200);
    const setupIntentId = paymentIntentOf(intent.json().clientSecret);
    stripe.confirmSetupIntent(setupIntentId, "succeeds");
    const subscribed = await post("/api/subscribe", { plan, channelCount: 1, setupIntentId }, user.userId);
    expect(subscribed.statusCode).toBe(200);
    await stripe.deliverAll();
    return {
      ...user,
      setupIntentId,
      intent: intent.json(),
      trialEndsAt: new Date(signedUpAt.getTime() + 7 * DAY),
    };
  }

  it("a trialist who picks Premium pays $0 today; Stripe's first charge falls on the trial's end date", async () => {
    const signedUpAt = daysAgo(2);
    const trialEnd = new Date(signedUpAt.getTime() + 7 * DAY);
    const { userId } = await billing.register({ at: signedUpAt });
    const intent = await post("/api/create-payment-intent", { amount: 999, plan: "premium" }, userId);
    expect(intent.json()).toEqual({
      clientSecret: expect.stringMatching(/^seti_/),
      confirm: "setup",
      amountCents: 0,
      trialEndsAt: trialEnd.toISOString(),
    });
    const setupIntentId = paymentIntentOf(intent.json().clientSecret);
    const subscribe = () =>
      post("/api/subscribe", { plan: "premium", channelCount: 1, setupIntentId }, userId);
    // Nothing is active on the browser's word: the card is not saved yet.
    const early = await subscribe();
    expect([early.statusCode, early.json()]).toEqual([402, { message: messages.cardNotConfirmed }]);

    stripe.confirmSetupIntent(setupIntentId, "succeeds");
    for (let i = 0; i < 2; i++) {
      const reply = await subscribe();
      expect(reply.statusCode).toBe(200);
      expect(reply.json().subscription).toMatchObject({
        status: "trial",
        plan: "premium",
        trialEndsAt: trialEnd.toISOString(),
        currentPeriodEnd: trialEnd.toISOString(),
        trialAvailable: false,
      });
    }
    await stripe.deliverAll();
    await expect.poll(() => billing.eventsOf(userId)).toEqual(["subscription.activated"]);
    expect(billing.eventData(userId, "subscription.activated")).toMatchObject({
      plan: "premium",
      trialEndsAt: trialEnd.toISOString(),
    });
    const customerId = await customerOf(userId);
    expect(stripe.invoicesOf(customerId).map((invoice) => [invoice.amount_paid, invoice.status])).toEqual([
      [0, "paid"],
    ]);

    // Three days before the end Stripe says so, and billing's reminder carries what the mail needs.
    const subscriptionId = await subscriptionIdOf(userId);
    stripe.trialWillEnd(subscriptionId);
    await stripe.deliverAll();
    billing.setNow(new Date(trialEnd.getTime() - 3 * DAY + 1000));
    await billing.app.sweepPeriods();
    billing.setNow(undefined);
    await expect.poll(() => billing.eventsOf(userId)).toContain("trial.ending");
    expect(billing.eventData(userId, "trial.ending")).toEqual({
      userId,
      trialEndsAt: trialEnd.toISOString(),
      plan: "premium",
      planName: "Premium",
      amountCents: 999,
      cardSaved: true,
      testMode: false,
    });

    stripe.endPeriod(subscriptionId);
    await stripe.deliverAll();
    const [first] = stripe.invoicesOf(customerId);
    expect(first).toMatchObject({ amount_paid: 999, status: "paid", billing_reason: "subscription_cycle" });
    expect(new Date((first as Stripe.Invoice).created * 1000).toISOString()).toBe(trialEnd.toISOString());
    expect(await reader.describe(userId)).toMatchObject({
      status: "active",
      plan: "premium",
      trialEndsAt: null,
      currentPeriodEnd: new Date(trialEnd.getTime() + 30 * DAY).toISOString(),
    });
    // The first charge is announced once, for the mailer's receipt, however often Stripe says so.
    await expect
      .poll(() => billing.eventsOf(userId))
      .toEqual(["subscription.activated", "trial.ending", "trial.converted"]);
    expect(billing.eventData(userId, "trial.converted")).toEqual({
      userId,
      plan: "premium",
      channelAllowance: 5,
      dailyDigest: true,
      planName: "Premium",
      amountCents: 999,
      currentPeriodEnd: new Date(trialEnd.getTime() + 30 * DAY).toISOString(),
      testMode: false,
    });
    await stripe.deliverAll();
    expect(billing.eventsOf(userId)).toEqual(["subscription.activated", "trial.ending", "trial.converted"]);
  });

  it("gives one trial per account: a plan chosen again after one ended is charged at once", async () => {
    const { userId } = await trialist("solo");
    const subscriptionId = await subscriptionIdOf(userId);
    stripe.endPeriod(subscriptionId, "declines");
    stripe.stopRetrying(subscriptionId);
    await stripe.deliverAll();
    expect((await reader.describe(userId)).status).not.toBe("active");
    const again = await post("/api/create-payment-intent", { amount: 999, plan: "premium" }, userId);
    expect(again.json()).toMatchObject({ confirm: "payment", amountCents: 999, trialEndsAt: null });
  });

  it("moves Solo up to Pro at once: the prorated amount shown first is the one charged, once", async () => {
    const { userId } = await paidSubscriber("solo");
    const customerId = await customerOf(userId);
    const quote = await reader.quote(userId, "pro");
    expect(quote.statusCode).toBe(200);
    const shown = quote.json();
    expect(shown).toMatchObject({ plan: "pro", planName: "Pro", priceCents: 2999, takesEffect: "now" });
    expect(shown.amountDueCents).toBeGreaterThan(2490);
    expect(shown.amountDueCents).toBeLessThanOrEqual(2500);

    const confirms = await Promise.all([
      reader.change(userId, "pro", shown.quotedAt),
      reader.change(userId, "pro", shown.quotedAt),
    ]);
    const retried = await reader.change(userId, "pro", shown.quotedAt);
    for (const reply of [...confirms, retried]) {
      expect(reply.statusCode).toBe(200);
      expect(reply.json().subscription).toMatchObject({ status: "active", plan: "pro", scheduledPlan: null });
    }
    const moves = stripe
      .invoicesOf(customerId)
      .filter((invoice) => invoice.billing_reason === "subscription_update");
    expect(moves.map((invoice) => [invoice.amount_paid, invoice.status])).toEqual([
      [shown.amountDueCents, "paid"],
    ]);
    await stripe.deliverAll();
    await expect
      .poll(() => billing.eventsOf(userId))
      .toEqual(["subscription.activated", "subscription.changed"]);
    expect(billing.eventData(userId, "subscription.changed")).toMatchObject({
      plan: "pro",
      previousPlan: "solo",
      channelAllowance: 25,
      amountCents: shown.amountDueCents,
    });
  });

  it("changes nothing when the saved card declines a move up, and says so", async () => {
    const { userId } = await paidSubscriber("solo");
    const shown = (await reader.quote(userId, "premium")).json();
    stripe.fail("POST /v1/subscriptions/:id", { kind: "cardDeclined" }, 1);
    const declined = await reader.change(userId, "premium", shown.quotedAt);
    expect([declined.statusCode, declined.json()]).toEqual([402, { message: "Your card was declined." }]);
    expect(await reader.describe(userId)).toMatchObject({ plan: "solo" });
  });

  it("moves Pro down to Premium at the period's end: Pro until then, Premium charged from the renewal", async () => {
    const { userId } = await paidSubscriber("pro");
    const periodEnd = (await reader.describe(userId)).currentPeriodEnd;
    const shown = (await reader.quote(userId, "premium")).json();
    expect(shown).toMatchObject({
      plan: "premium",
      takesEffect: "period-end",
      effectiveAt: periodEnd,
      amountDueCents: 0,
    });
    const moved = await reader.change(userId, "premium", shown.quotedAt);
    expect(moved.json()).toMatchObject({
      message: "Your plan moves to Premium at the end of this period.",
      subscription: { status: "active", plan: "pro", channelAllowance: 25, scheduledPlan: "premium" },
    });
    // Stripe's webhooks about the price it bills next change nothing before the period's end.
    await stripe.deliverAll();
    expect(await reader.describe(userId)).toMatchObject({ plan: "pro", scheduledPlan: "premium" });
    await expect
      .poll(() => billing.eventsOf(userId))
      .toEqual(["subscription.activated", "subscription.change-scheduled"]);
    expect(billing.eventData(userId, "subscription.change-scheduled")).toMatchObject({
      plan: "pro",
      nextPlan: "premium",
      nextPriceCents: 999,
      effectiveAt: periodEnd,
    });

    stripe.endPeriod(await subscriptionIdOf(userId));
    await stripe.deliverAll();
    const [renewal] = stripe.invoicesOf(await customerOf(userId));
    expect(renewal).toMatchObject({ billing_reason: "subscription_cycle", amount_paid: 999 });
    expect(await reader.describe(userId)).toMatchObject({
      plan: "premium",
      channelAllowance: 5,
      scheduledPlan: null,
    });
    await expect
      .poll(() => billing.eventsOf(userId))
      .toEqual(["subscription.activated", "subscription.change-scheduled", "subscription.changed"]);
    expect(billing.eventData(userId, "subscription.changed")).toMatchObject({
      plan: "premium",
      previousPlan: "pro",
      effectiveAt: periodEnd,
      amountCents: 0,
    });
  });

  it("keeps Pro when the move down is undone before the period's end, and moves up only once it is", async () => {
    const { userId } = await paidSubscriber("premium");
    const down = (await reader.quote(userId, "solo")).json();
    await reader.change(userId, "solo", down.quotedAt);
    const past = await reader.quote(userId, "pro");
    expect([past.statusCode, past.json()]).toEqual([
      409,
      { message: messages.keepPlanFirst("Premium", "Solo") },
    ]);
    const keep = (await reader.quote(userId, "premium")).json();
    expect(keep).toMatchObject({ takesEffect: "now", amountDueCents: 0 });
    const kept = await reader.change(userId, "premium", keep.quotedAt);
    expect(kept.json().subscription).toMatchObject({ plan: "premium", scheduledPlan: null });
    expect((await reader.quote(userId, "pro")).statusCode).toBe(200);
  });

  it("refuses a move down while more channels are followed than the lower plan allows, naming how many to remove", async () => {
    const { userId } = await paidSubscriber("pro");
    billing.setFollowedChannels(userId, 8);
    const asked = stripe.requests.length;
    for (const [plan, name, allowance, extra] of [
      ["premium", "Premium", 5, "3 channels"],
      ["solo", "Solo", 1, "7 channels"],
    ] as const) {
      const quote = await reader.quote(userId, plan);
      const message = `You follow 8 channels and ${name} allows ${allowance}. Please remove ${extra} first.`;
      expect([quote.statusCode, quote.json()]).toEqual([409, { message }]);
      const change = await reader.change(userId, plan, new Date().toISOString());
      expect([change.statusCode, change.json()]).toEqual([409, { message }]);
    }
    expect(writesSince(asked)).toEqual([]);
    billing.setFollowedChannels(userId, 5);
    expect((await reader.quote(userId, "premium")).statusCode).toBe(200);
  });

  it("cancels, reads 'cancels at the period's end', and resumes before it, once each", async () => {
    const { userId } = await paidSubscriber("premium");
    const subscriptionId = await subscriptionIdOf(userId);
    expect((await reader.cancel(userId)).json().subscription).toMatchObject({ cancelAtPeriodEnd: true });
    expect(stripe.subscription(subscriptionId)).toMatchObject({ cancel_at_period_end: true });
    const blocked = await reader.quote(userId, "pro");
    expect([blocked.statusCode, blocked.json()]).toEqual([409, { message: messages.resumeFirst }]);
    for (let i = 0; i < 2; i++) {
      const resumed = await reader.resume(userId);
      expect(resumed.statusCode).toBe(200);
      expect(resumed.json().subscription).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
    }
    expect(stripe.subscription(subscriptionId)).toMatchObject({ cancel_at_period_end: false });
    await stripe.deliverAll();
    await expect
      .poll(() => billing.eventsOf(userId))
      .toEqual(["subscription.activated", "subscription.cancelled", "subscription.resumed"]);
  });

  it("keeps digests going while Stripe retries a failed charge, says so once, and ends access when it gives up", async () => {
    const { userId, trialEndsAt } = await trialist("premium");
    const subscriptionId = await subscriptionIdOf(userId);
    stripe.endPeriod(subscriptionId, "declines");
    const failed = stripe.events.filter((event) => event.type === "invoice.payment_failed").at(-1);
    await stripe.deliverAll();
    await stripe.deliver(String(failed?.id), { times: 2 });
    expect(await reader.describe(userId)).toMatchObject({ status: "active", paymentPastDue: true });
    const blocked = await reader.quote(userId, "pro");
    expect([blocked.statusCode, blocked.json()]).toEqual([409, { message: messages.updateCardFirst }]);
    await expect
      .poll(() => billing.eventsOf(userId))
      .toEqual(["subscription.activated", "subscription.payment-failed"]);
    expect(billing.eventData(userId, "subscription.payment-failed")).toMatchObject({
      plan: "premium",
      planName: "Premium",
      amountCents: 999,
      nextAttemptAt: new Date(trialEndsAt.getTime() + 3 * DAY).toISOString(),
    });

    stripe.stopRetrying(subscriptionId);
    await stripe.deliverAll();
    expect((await reader.describe(userId)).status).toBe("expired");
    await expect
      .poll(() => billing.eventsOf(userId))
      .toEqual(["subscription.activated", "subscription.payment-failed", "subscription.expired"]);
    expect(billing.eventData(userId, "subscription.expired")).toMatchObject({ reason: "payment-failed" });
  });

  it("moves a trialist to another plan at once, charging nothing until the trial ends", async () => {
    const { userId, trialEndsAt } = await trialist("solo");
    const shown = (await reader.quote(userId, "pro")).json();
    expect(shown).toMatchObject({
      takesEffect: "now",
      amountDueCents: 0,
      nextChargeAt: trialEndsAt.toISOString(),
    });
    const moved = await reader.change(userId, "pro", shown.quotedAt);
    expect(moved.json().subscription).toMatchObject({ status: "trial", plan: "pro", scheduledPlan: null });
    expect(stripe.invoicesOf(await customerOf(userId)).map((invoice) => invoice.amount_paid)).toEqual([0]);
  });

  it("opens Stripe's customer portal for the card and invoices, back to the settings' Subscription tab", async () => {
    const { userId } = await trialist("solo");
    const portal = await post("/api/billing-portal", undefined, userId);
    expect(portal.statusCode).toBe(200);
    const session = stripe.requests
      .filter((request) => request.path === "/v1/billing_portal/sessions")
      .at(-1);
    expect(session?.body).toMatchObject({ return_url: "http://localhost:3000/settings?tab=subscription" });
  });

  it("refuses what is not a plan change it can make, changing nothing", async () => {
    const { userId } = await paidSubscriber("premium");
    const nobody = await billing.register();
    const asked = stripe.requests.length;
    const cases = [
      [await reader.quote(userId, "gold"), 400, messages.unknownPlan],
      [await reader.quote(userId, "premium"), 409, messages.alreadyOnPlan],
      [await reader.quote(nobody.userId, "pro"), 404, messages.noPlanToChange],
      [
        await reader.change(userId, "pro", new Date(Date.now() - 31 * 60 * 1000).toISOString()),
        409,
        messages.quoteExpired,
      ],
      [await reader.change(userId, "pro", "yesterday"), 400, undefined],
      [await reader.resume(nobody.userId), 404, messages.nothingToResume],
      [await post("/api/subscription/end-trial", undefined, nobody.userId), 403, messages.testModeOff],
    ] as const;
    for (const [reply, status, message] of cases) {
      expect(reply.statusCode).toBe(status);
      if (message) expect(reply.json()).toEqual({ message });
      else expect(reply.json().message).toMatch(/quotedAt/);
    }
    expect(writesSince(asked)).toEqual([]);
    expect(await reader.describe(userId)).toMatchObject({ plan: "premium", scheduledPlan: null });
  });
});

describe("the same without Stripe, in test mode", () => {
  let billing: BillingUnderTest;
  beforeAll(async () => {
    billing = await startBilling({ testMode: true });
  });
  afterAll(() => billing.stop());
  const reader = settings(() => billing);
  const skip = (userId: string, plan: string) =>
    billing.app.inject({
      method: "POST",
      url: "/api/subscribe-with-coupon",
      payload: { plan, testMode: true },
      headers: asUser(userId),
    });

  it("ends the free days on asking, as seven days would: a plan chosen starts, none stops the digests", async () => {
    const endTrial = (userId: string) =>
      billing.app.inject({ method: "POST", url: "/api/subscription/end-trial", headers: asUser(userId) });
    const chose = await billing.register();
    await skip(chose.userId, "premium");
    expect((await reader.describe(chose.userId)).status).toBe("trial");
    const ended = await endTrial(chose.userId);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().subscription).toMatchObject({ status: "active", plan: "premium", trialEndsAt: null });
    const periodEnd = Date.parse(ended.json().subscription.currentPeriodEnd);
    expect(Math.abs(periodEnd - Date.now() - 30 * DAY)).toBeLessThan(60_000);

    const none = await billing.register();
    expect((await endTrial(none.userId)).json().subscription).toMatchObject({ status: "expired" });
    await expect.poll(() => billing.eventsOf(none.userId)).toEqual(["trial.ended"]);
    expect((await endTrial(none.userId)).statusCode).toBe(200);
    await expect
      .poll(() => billing.eventsOf(chose.userId))
      .toEqual(["subscription.activated", "trial.converted"]);
    // In test mode the first "charge" took nothing, and its receipt must say so.
    expect(billing.eventData(chose.userId, "trial.converted")).toMatchObject({
      amountCents: 0,
      testMode: true,
    });
  });

  it("moves up at once with a computed proration, down at the period's end, cancels and resumes", async () => {
    const { userId } = await billing.register({ at: new Date(Date.now() - 8 * DAY) });
    expect((await skip(userId, "solo")).statusCode).toBe(200);
    const periodEnd = Date.parse((await reader.describe(userId)).currentPeriodEnd);

    const up = (await reader.quote(userId, "pro")).json();
    const remaining = (periodEnd - Date.parse(up.quotedAt)) / (30 * DAY);
    expect(up.amountDueCents).toBe(Math.round(2999 * remaining) - Math.round(499 * remaining));
    expect((await reader.change(userId, "pro", up.quotedAt)).json().subscription).toMatchObject({
      plan: "pro",
      testMode: true,
    });
    expect((await reader.change(userId, "pro", up.quotedAt)).statusCode).toBe(200);

    const down = (await reader.quote(userId, "premium")).json();
    expect(down).toMatchObject({ takesEffect: "period-end", effectiveAt: new Date(periodEnd).toISOString() });
    await reader.change(userId, "premium", down.quotedAt);
    expect(await reader.describe(userId)).toMatchObject({ plan: "pro", scheduledPlan: "premium" });

    expect((await reader.cancel(userId)).json().subscription).toMatchObject({ cancelAtPeriodEnd: true });
    expect((await reader.resume(userId)).json().subscription).toMatchObject({ cancelAtPeriodEnd: false });

    billing.setNow(new Date(periodEnd + 1000));
    await billing.app.sweepPeriods();
    billing.setNow(undefined);
    expect(await reader.describe(userId)).toMatchObject({
      plan: "premium",
      scheduledPlan: null,
      status: "active",
    });
    await expect
      .poll(() => billing.eventsOf(userId))
      .toEqual([
        "subscription.activated",
        "subscription.changed",
        "subscription.change-scheduled",
        "subscription.cancelled",
        "subscription.resumed",
        "subscription.changed",
      ]);
    expect(billing.eventData(userId, "subscription.changed")).toMatchObject({
      plan: "pro",
      previousPlan: "solo",
      amountCents: up.amountDueCents,
    });
  });
});
