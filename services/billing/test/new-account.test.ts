import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../src/domain/messages.ts";
import { asClaimHolder, asUser, type BillingUnderTest, startBilling } from "./support/billing-harness.ts";

const WAIT_MS = 3_000;
/** How long after the request auth's sign-up event reaches billing: a busy machine's delay. */
const EVENT_LATE_MS = 400;

/**
 * Someone who signed up a moment ago, before auth's `user.registered` reached billing: nothing they ask
 * is refused for it. Test mode, the real Postgres and RabbitMQ.
 */
describe("an account billing has not heard of yet", () => {
  let billing: BillingUnderTest;
  beforeAll(async () => {
    billing = await startBilling({ testMode: true, newAccountWaitMs: WAIT_MS });
  });
  afterAll(() => billing.stop());

  const newcomer = () => {
    const userId = randomUUID();
    return { userId, email: `${userId.slice(0, 8)}@example.com` };
  };
  /** Sends the request, and the sign-up event a little after it. */
  async function askBeforeSignUpArrives(user: { userId: string; email: string }, request: InjectOptions) {
    const reply = billing.app.inject(request);
    await sleep(EVENT_LATE_MS);
    await billing.announceSignUp(user.userId, user.email);
    return reply;
  }

  it("activates a signed-in user's plan once the sign-up arrives, instead of refusing them", async () => {
    const user = newcomer();
    const reply = await askBeforeSignUpArrives(user, {
      method: "POST",
      url: "/api/subscribe-with-coupon",
      payload: { plan: "solo", channelCount: 1, testMode: true },
      headers: asUser(user.userId),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().subscription).toMatchObject({ status: "trial", plan: "solo" });
  });

  it("checks out the landing page's visitor on their claim once the sign-up arrives", async () => {
    const user = newcomer();
    const reply = await askBeforeSignUpArrives(user, {
      method: "POST",
      url: "/api/subscribe-with-coupon",
      payload: { email: user.email, plan: "premium", testMode: true },
      headers: asClaimHolder(user.userId),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().subscription).toMatchObject({ status: "trial", plan: "premium" });
  });

  it("places a single video's test charge once the sign-up arrives, instead of asking for a card", async () => {
    const user = newcomer();
    const reply = await askBeforeSignUpArrives(user, {
      method: "POST",
      url: "/internal/holds",
      payload: { holdKey: "first", videoId: "dQw4w9WgXcQ", durationSeconds: 600, amountCents: 199 },
      headers: asUser(user.userId),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ status: "held", testMode: true });
  });

  it("describes the account at once as what it will be: a new account in its trial", async () => {
    const { userId } = newcomer();
    const started = Date.now();
    const subscription = await billing.app.inject({ url: "/api/subscription", headers: asUser(userId) });
    const summary = await billing.app.inject({ url: "/internal/account-summary", headers: asUser(userId) });
    expect(Date.now() - started).toBeLessThan(WAIT_MS);
    expect(subscription.json()).toMatchObject({ status: "trial", plan: null, cancelAtPeriodEnd: false });
    expect(summary.json()).toEqual({
      subscriptionStatus: "trial",
      subscriptionPlan: null,
      dailyDigest: false,
    });
  });

  it("answers 503 saying to try again when the sign-up never arrives within the wait", async () => {
    const { userId } = newcomer();
    const reply = await billing.app.inject({
      method: "POST",
      url: "/api/subscribe-with-coupon",
      payload: { plan: "solo", testMode: true },
      headers: asUser(userId),
    });
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toEqual({ message: messages.accountBeingSetUp });
    expect(reply.json().message).toMatch(/try again/);
  });
});
