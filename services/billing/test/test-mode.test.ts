import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../src/domain/messages.ts";
import { asClaimHolder, asUser, type BillingUnderTest, startBilling } from "./support/billing-harness.ts";

const DAY = 24 * 60 * 60 * 1000;

describe("billing without a Stripe key, test mode on (the embedded default)", () => {
  let billing: BillingUnderTest;
  beforeAll(async () => {
    billing = await startBilling({ testMode: true });
  });
  afterAll(() => billing.stop());

  const summary = async (userId: string) =>
    (await billing.app.inject({ url: "/internal/account-summary", headers: asUser(userId) })).json();
  const coupon = (body: object, headers: Record<string, string> = {}) =>
    billing.app.inject({ method: "POST", url: "/api/subscribe-with-coupon", payload: body, headers });
  /** An account whose free days are over: a plan it chooses starts at once. */
  const registerAfterTrial = () => billing.register({ at: new Date(Date.now() - 8 * DAY) });

  it("gives the web app every plan, price and allowance, and says test mode is on and cards are not", async () => {
    const reply = await billing.app.inject({ url: "/api/plans" });
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(
      body.plans.map((plan: { id: string; priceCents: number; price: number; priceLabel: string }) => [
        plan.id,
        plan.priceCents,
        plan.price,
        plan.priceLabel,
      ]),
    ).toEqual([
      ["solo", 499, 4.99, "$4.99"],
      ["creator", 999, 9.99, "$9.99"],
      ["premium", 999, 9.99, "$9.99"],
      ["pro", 2999, 29.99, "$29.99"],
    ]);
    // One name per tier: the 5-channel tier's earlier name is shown as Premium, which a table recommends.
    expect(body.plans.map((plan: { name: string }) => plan.name)).toEqual([
      "Solo",
      "Premium",
      "Premium",
      "Pro",
    ]);
    expect(body).toMatchObject({
      offeredPlans: ["solo", "premium", "pro"],
      recommendedPlan: "premium",
      defaultPlan: "premium",
      trialDays: 7,
      testMode: true,
      stripePublishableKey: null,
    });
  });

  it("starts a 7-day trial at sign-up, announces its end three days before, once, and ends it, once, after 7 days", async () => {
    const signedUpAt = new Date(Date.now() - 4 * DAY);
    const { userId } = await billing.register({ at: signedUpAt });
    expect(await summary(userId)).toEqual({
      subscriptionStatus: "trial",
      subscriptionPlan: null,
      dailyDigest: false,
    });
    const started = await billing.database.db
      .selectFrom("outbox")
      .select("event")
      .where("event_name", "=", "trial.started")
      .execute();
    const mine = started
      .map((row) => (typeof row.event === "string" ? JSON.parse(row.event) : row.event))
      .filter((event) => event.data.userId === userId);
    expect(mine.map((event) => event.data)).toEqual([
      { userId, trialEndsAt: new Date(signedUpAt.getTime() + 7 * DAY).toISOString() },
    ]);

    billing.setNow(new Date(signedUpAt.getTime() + 4 * DAY - 1000));
    await billing.app.sweepPeriods();
    billing.setNow(new Date(signedUpAt.getTime() + 4 * DAY + 1000));
    // The sweep counts what it did (other tests' accounts may be due too, so at least this one).
    expect((await billing.app.sweepPeriods()).trialsEnding).toBeGreaterThan(0);
    await billing.app.sweepPeriods();
    await expect.poll(() => billing.eventsOf(userId)).toEqual(["trial.ending"]);
    expect(billing.eventData(userId, "trial.ending")).toEqual({
      userId,
      trialEndsAt: new Date(signedUpAt.getTime() + 7 * DAY).toISOString(),
      plan: null,
      planName: null,
      amountCents: null,
      cardSaved: false,
      testMode: false,
    });

    billing.setNow(new Date(signedUpAt.getTime() + 7 * DAY - 1000));
    await billing.app.sweepPeriods();
    expect(await summary(userId)).toEqual({
      subscriptionStatus: "trial",
      subscriptionPlan: null,
      dailyDigest: false,
    });

    billing.setNow(new Date(signedUpAt.getTime() + 7 * DAY + 1000));
    expect((await billing.app.sweepPeriods()).trialsEnded).toBeGreaterThan(0);
    await billing.app.sweepPeriods();
    expect(await summary(userId)).toEqual({
      subscriptionStatus: "expired",
      subscriptionPlan: null,
      dailyDigest: false,
    });
    await expect.poll(() => billing.eventsOf(userId)).toEqual(["trial.ending", "trial.ended"]);
    billing.setNow(new Date());
  });

  it("activates a plan without payment after the free days, once, announcing the plan's allowance", async () => {
    const { userId } = await registerAfterTrial();
    for (let i = 0; i < 2; i++) {
      const reply = await coupon({ plan: "solo", channelCount: 1, testMode: true }, asUser(userId));
      expect(reply.statusCode).toBe(200);
      expect(reply.json().subscription).toMatchObject({ status: "active", plan: "solo", testMode: true });
    }
    expect(await summary(userId)).toEqual({
      subscriptionStatus: "active",
      subscriptionPlan: "solo",
      dailyDigest: false,
    });
    await expect.poll(() => billing.eventsOf(userId)).toEqual(["subscription.activated"]);
    expect(billing.eventData(userId, "subscription.activated")).toMatchObject({
      plan: "solo",
      planName: "Solo",
      priceCents: 499,
      channelAllowance: 1,
      testMode: true,
    });
  });

  it("describes the subscription for the settings page: trial, then a plan from the trial's end, then active, cancelled, expired", async () => {
    const signedUpAt = new Date(Date.now() - DAY);
    const trialEnd = new Date(signedUpAt.getTime() + 7 * DAY);
    const { userId } = await billing.register({ at: signedUpAt });
    const describe = async () =>
      (await billing.app.inject({ url: "/api/subscription", headers: asUser(userId) })).json();
    const none = {
      plan: null,
      planName: null,
      priceCents: null,
      channelAllowance: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      scheduledPlan: null,
      paymentPastDue: false,
      testMode: false,
      canManageBilling: false,
    };
    expect(await describe()).toEqual({
      ...none,
      status: "trial",
      trialEndsAt: trialEnd.toISOString(),
      trialAvailable: true,
    });

    await coupon({ plan: "premium", testMode: true }, asUser(userId));
    const premium = {
      plan: "premium",
      planName: "Premium",
      priceCents: 999,
      channelAllowance: 5,
      cancelAtPeriodEnd: false,
      scheduledPlan: null,
      paymentPastDue: false,
      testMode: true,
      trialAvailable: false,
      canManageBilling: false,
    };
    expect(await describe()).toEqual({
      ...premium,
      status: "trial",
      currentPeriodEnd: trialEnd.toISOString(),
      trialEndsAt: trialEnd.toISOString(),
    });
    expect(await summary(userId)).toEqual({
      subscriptionStatus: "trial",
      subscriptionPlan: "premium",
      dailyDigest: true,
    });

    billing.setNow(new Date(trialEnd.getTime() + 1000));
    await billing.app.sweepPeriods();
    const active = await describe();
    expect(active).toEqual({
      ...premium,
      status: "active",
      currentPeriodEnd: new Date(trialEnd.getTime() + 30 * DAY).toISOString(),
      trialEndsAt: null,
    });

    await billing.app.inject({ method: "POST", url: "/api/subscription/cancel", headers: asUser(userId) });
    expect(await describe()).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    billing.setNow(new Date(Date.parse(active.currentPeriodEnd) + 1000));
    await billing.app.sweepPeriods();
    const expired = await describe();
    billing.setNow(new Date());
    expect(expired).toEqual({ ...none, status: "expired", trialEndsAt: null, trialAvailable: false });
    await expect
      .poll(() => billing.eventsOf(userId))
      .toEqual([
        "subscription.activated",
        "trial.converted",
        "subscription.cancelled",
        "subscription.expired",
      ]);
    expect(billing.eventData(userId, "subscription.activated")).toMatchObject({
      plan: "premium",
      trialEndsAt: trialEnd.toISOString(),
      currentPeriodEnd: trialEnd.toISOString(),
    });
  });

  it("keeps a plan in force as it is: a second skip for it changes nothing, another plan is changed in Settings", async () => {
    const { userId } = await registerAfterTrial();
    await coupon({ plan: "solo", testMode: true }, asUser(userId));
    expect((await coupon({ plan: "solo", testMode: true }, asUser(userId))).statusCode).toBe(200);
    const reply = await coupon({ plan: "unlimited", testMode: true }, asUser(userId));
    expect([reply.statusCode, reply.json()]).toEqual([409, { message: messages.changePlanInSettings }]);
    await expect.poll(() => billing.eventsOf(userId)).toEqual(["subscription.activated"]);
    expect(await summary(userId)).toEqual({
      subscriptionStatus: "active",
      subscriptionPlan: "solo",
      dailyDigest: false,
    });
  });

  it("activates a visitor's plan on the claim their browser holds, the e-mail the page kept in any letter case", async () => {
    const { userId, email } = await billing.register({ email: `Visitor.${Date.now()}@Example.com` });
    const body = { plan: "premium", email: email.toUpperCase(), testMode: true };
    const reply = await coupon(body, asClaimHolder(userId));
    expect(reply.statusCode).toBe(200);
    expect(await summary(userId)).toEqual({
      subscriptionStatus: "trial",
      subscriptionPlan: "premium",
      dailyDigest: true,
    });
  });

  it("stores a plan asked for by an earlier name under the tier it is sold as now", async () => {
    const { userId } = await registerAfterTrial();
    const reply = await coupon({ plan: "creator", testMode: true }, asUser(userId));
    expect(reply.statusCode).toBe(200);
    expect(reply.json().subscription).toMatchObject({ plan: "premium", planName: "Premium" });
    expect(await summary(userId)).toEqual({
      subscriptionStatus: "active",
      subscriptionPlan: "premium",
      dailyDigest: true,
    });
  });

  it("answers a checkout naming an e-mail without a claim or session with a 404 that says to start from the homepage", async () => {
    const reply = await coupon({ plan: "premium", email: "nobody-here@example.com", testMode: true });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ message: messages.checkoutNotYours });
    const missing = await coupon({ plan: "premium", testMode: true });
    expect(missing.json()).toEqual({
      message: "Missing email information. Please go back to the homepage and enter your email.",
    });
    expect(missing.statusCode).toBe(400);
  });

  it("refuses the funnel's subscribe shape: only checkout activates", async () => {
    const { userId } = await billing.register();
    const reply = await billing.app.inject({
      method: "POST",
      url: "/api/subscribe",
      payload: { plan: "weekly", channelIds: ["UC1", "UC2"] },
      headers: asUser(userId),
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ message: "Please use the checkout page to complete your subscription" });
    expect(await summary(userId)).toEqual({
      subscriptionStatus: "trial",
      subscriptionPlan: null,
      dailyDigest: false,
    });
  });

  it("says card payment is not set up, after checking the plan and amount", async () => {
    const { userId } = await billing.register();
    const pay = (payload: object) =>
      billing.app.inject({
        method: "POST",
        url: "/api/create-payment-intent",
        payload,
        headers: asUser(userId),
      });
    expect((await pay({ amount: 999, plan: "premium" })).statusCode).toBe(503);
    expect((await pay({ amount: 999, plan: "premium" })).json().message).toMatch(
      /Card payment is not set up/,
    );
    const tampered = await pay({ amount: 499, plan: "pro" });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toMatch(/does not match the plan's price/);
    expect((await pay({ amount: 999, plan: "gold" })).statusCode).toBe(400);
    for (const amount of [-999, 0, 9.99, 999.5, "999"]) {
      const refused = await pay({ amount, plan: "premium" });
      expect(refused.statusCode, String(amount)).toBe(400);
      expect(refused.json().message).toMatch(/amount/);
    }
    expect((await pay({ plan: "premium" })).statusCode).toBe(400);
    const unknownField = await pay({ amount: 999, plan: "premium", coupon: "FREE" });
    expect(unknownField.json()).toEqual({ message: 'Unknown field "coupon" in body' });
  });

  it("cancels at the period's end: access goes on, then the subscription expires, with one event each", async () => {
    const { userId } = await registerAfterTrial();
    await coupon({ plan: "premium", testMode: true }, asUser(userId));
    for (let i = 0; i < 2; i++) {
      const reply = await billing.app.inject({
        method: "POST",
        url: "/api/subscription/cancel",
        headers: asUser(userId),
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().subscription).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    }
    expect(await summary(userId)).toEqual({
      subscriptionStatus: "active",
      subscriptionPlan: "premium",
      dailyDigest: true,
    });
    const { current_period_end } = await billing.database.db
      .selectFrom("subscriptions")
      .select("current_period_end")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();

    billing.setNow(new Date(current_period_end.getTime() - 1000));
    await billing.app.sweepPeriods();
    expect(await summary(userId)).toEqual({
      subscriptionStatus: "active",
      subscriptionPlan: "premium",
      dailyDigest: true,
    });
    billing.setNow(new Date(current_period_end.getTime() + 1000));
    expect((await billing.app.sweepPeriods()).expired).toBeGreaterThan(0);
    billing.setNow(new Date());
    expect((await summary(userId)).subscriptionStatus).not.toBe("active");
    await expect
      .poll(() => billing.eventsOf(userId))
      .toEqual(["subscription.activated", "subscription.cancelled", "subscription.expired"]);
    const nothing = await billing.app.inject({
      method: "POST",
      url: "/api/subscription/cancel",
      headers: asUser(userId),
    });
    expect(nothing.statusCode).toBe(404);
  });

  it("renews a test-mode subscription that was not cancelled", async () => {
    const { userId } = await billing.register();
    await coupon({ plan: "pro", testMode: true }, asUser(userId));
    const before = await billing.database.db
      .selectFrom("subscriptions")
      .select("current_period_end")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    billing.setNow(new Date(before.current_period_end.getTime() + 1000));
    expect((await billing.app.sweepPeriods()).renewed).toBeGreaterThan(0);
    billing.setNow(new Date());
    const after = await billing.database.db
      .selectFrom("subscriptions")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe("active");
    expect(after.current_period_end.getTime() - before.current_period_end.getTime()).toBe(30 * DAY);

    // Swept again exactly at the new end (due), then long after: the periods missed are counted, and
    // the end is the running period's, after the sweep's moment.
    billing.setNow(after.current_period_end);
    await billing.app.sweepPeriods();
    const atTheEnd = before.current_period_end.getTime() + 2 * 30 * DAY;
    billing.setNow(new Date(atTheEnd + 2.5 * 30 * DAY));
    await billing.app.sweepPeriods();
    billing.setNow(new Date());
    const later = await billing.database.db
      .selectFrom("subscriptions")
      .select("current_period_end")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(later.current_period_end.getTime()).toBe(atTheEnd + 3 * 30 * DAY);
  });

  it("quotes a single video by length as a test charge, holding nothing", async () => {
    const { userId } = await billing.register();
    const quote = (durationSeconds: number) =>
      billing.app.inject({
        method: "POST",
        url: "/internal/holds/quote",
        payload: { durationSeconds },
        headers: asUser(userId),
      });
    expect((await quote(59 * 60 + 59)).json()).toEqual({ amountCents: 199, payment: "test" });
    expect((await quote(60 * 60)).json()).toEqual({ amountCents: 399, payment: "test" });
    expect((await quote(4 * 60 * 60)).json()).toEqual({ amountCents: 399, payment: "test" });
    const tooLong = await quote(4 * 60 * 60 + 1);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toEqual({ message: "Videos over 4 hours cannot be summarised." });
    const unsigned = await billing.app.inject({
      method: "POST",
      url: "/internal/holds/quote",
      payload: { durationSeconds: 60 },
    });
    expect(unsigned.statusCode).toBe(401);
    const holds = await billing.database.db
      .selectFrom("holds")
      .select("id")
      .where("user_id", "=", userId)
      .execute();
    expect(holds).toEqual([]);
  });

  it("records single summary charges as test charges, priced by length, once per key", async () => {
    const { userId } = await billing.register();
    await coupon({ plan: "premium", testMode: true }, asUser(userId));
    const hold = (holdKey: string, durationSeconds: number, amountCents: number) =>
      billing.app.inject({
        method: "POST",
        url: "/internal/holds",
        payload: { holdKey, videoId: "dQw4w9WgXcQ", durationSeconds, amountCents },
        headers: asUser(userId),
      });
    const short = await hold("a", 59 * 60, 199);
    expect(short.json()).toMatchObject({ amountCents: 199, status: "held", testMode: true });
    expect((await hold("a", 59 * 60, 199)).json().id).toBe(short.json().id);
    expect((await hold("b", 4 * 60 * 60, 399)).json()).toMatchObject({ amountCents: 399 });
    const tooLong = await hold("c", 4 * 60 * 60 + 1, 399);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toEqual({ message: "Videos over 4 hours cannot be summarised." });
    // The price shown must be the price held: an hour-long video is not held at the shorter price.
    const shownTooLittle = await hold("d", 60 * 60, 199);
    expect(shownTooLittle.statusCode).toBe(409);
    expect(shownTooLittle.json().message).toMatch(/price of this summary has changed/);
    const holds = await billing.database.db
      .selectFrom("holds")
      .select("hold_key")
      .where("user_id", "=", userId)
      .execute();
    expect(holds.map((row) => row.hold_key).sort()).toEqual(["a", "b"]);
  });

  it("erases a deleted test-mode subscriber without a payment provider to ask", async () => {
    const { userId, email } = await billing.register();
    expect((await coupon({ plan: "premium", testMode: true }, asUser(userId))).statusCode).toBe(200);
    await billing.deleteAccount({ userId, email });
    const subscriptions = await billing.database.db
      .selectFrom("subscriptions")
      .select("user_id")
      .where("user_id", "=", userId)
      .execute();
    expect(subscriptions).toEqual([]);
  });
});

describe("billing with test mode off and no Stripe key", () => {
  let billing: BillingUnderTest;
  beforeAll(async () => {
    billing = await startBilling({ testMode: false });
  });
  afterAll(() => billing.stop());

  it("refuses test mode with a 403 and changes nothing", async () => {
    const { userId } = await billing.register();
    const reply = await billing.app.inject({
      method: "POST",
      url: "/api/subscribe-with-coupon",
      payload: { plan: "pro", testMode: true },
      headers: asUser(userId),
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toMatch(/Test mode is off/);
    const rows = await billing.database.db
      .selectFrom("subscriptions")
      .selectAll()
      .where("user_id", "=", userId)
      .execute();
    expect(rows).toEqual([]);
    expect((await billing.app.inject({ url: "/api/plans" })).json().testMode).toBe(false);
  });

  it("refuses a single summary charge with a 402 before any work when there is no saved card", async () => {
    const { userId } = await billing.register();
    const quote = await billing.app.inject({
      method: "POST",
      url: "/internal/holds/quote",
      payload: { durationSeconds: 600 },
      headers: asUser(userId),
    });
    // The price is still shown, with the news that it cannot be paid yet.
    expect(quote.json()).toEqual({ amountCents: 199, payment: "none" });
    const reply = await billing.app.inject({
      method: "POST",
      url: "/internal/holds",
      payload: { holdKey: "k", videoId: "dQw4w9WgXcQ", durationSeconds: 600, amountCents: 199 },
      headers: asUser(userId),
    });
    expect(reply.statusCode).toBe(402);
    expect(reply.json().message).toMatch(/subscribe with a card/);
  });
});
