import { expect } from "vitest";
import { asUser, type BillingUnderTest } from "./billing-harness.ts";

/** Each card plan's monthly price in cents, as the web app sends it with a checkout. */
export const PRICES = { solo: 499, creator: 999, premium: 999, pro: 2999 } as const;
export type CardPlan = keyof typeof PRICES;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The client secret starts with the payment intent's (or setup intent's) id. */
export const paymentIntentOf = (clientSecret: string) => clientSecret.split("_secret_")[0] ?? "";

/**
 * What the web app asks billing for a card checkout, and how a test pays it: `confirm` is the browser
 * confirming the payment with the provider, `deliverPending` the provider's webhooks arriving.
 */
export function cardCheckout(
  billing: () => BillingUnderTest,
  provider: { confirm(paymentIntentId: string): void; deliverPending(): Promise<unknown> },
) {
  const post = (url: string, payload: object | undefined, userId?: string) =>
    billing().app.inject({
      method: "POST",
      url,
      ...(payload ? { payload } : {}),
      headers: userId ? asUser(userId) : {},
    });
  const summary = async (userId: string) =>
    (await billing().app.inject({ url: "/internal/account-summary", headers: asUser(userId) })).json();
  const checkout = async (userId: string, plan: CardPlan) => {
    const reply = await post("/api/create-payment-intent", { amount: PRICES[plan], plan }, userId);
    expect(reply.statusCode).toBe(200);
    return paymentIntentOf(reply.json().clientSecret);
  };
  /** An account whose 7 free days are over: a plan it chooses is charged at once. */
  const registerAfterTrial = () => billing().register({ at: new Date(Date.now() - 8 * DAY_MS) });
  const subscribe = (userId: string, paymentIntentId: string, plan = "premium") =>
    post("/api/subscribe", { plan, channelCount: 1, paymentIntentId }, userId);
  const paidSubscriber = async (plan: CardPlan = "premium") => {
    const user = await registerAfterTrial();
    const paymentIntentId = await checkout(user.userId, plan);
    provider.confirm(paymentIntentId);
    expect((await subscribe(user.userId, paymentIntentId, plan)).statusCode).toBe(200);
    await provider.deliverPending();
    return { ...user, paymentIntentId };
  };
  /** A single video's price held on the user's card: what the summariser asks before it starts. */
  const hold = async (userId: string, holdKey: string, durationSeconds: number, amountCents: number) =>
    (
      await post("/internal/holds", { holdKey, videoId: "dQw4w9WgXcQ", durationSeconds, amountCents }, userId)
    ).json();
  /** The payment intent behind each of the user's holds, by hold id. */
  const holdIntents = async (userId: string) =>
    new Map(
      (
        await billing()
          .database.db.selectFrom("holds")
          .select(["id", "payment_intent_id"])
          .where("user_id", "=", userId)
          .execute()
      ).map((row) => [row.id, row.payment_intent_id ?? ""]),
    );
  /** A column of the user's account or subscription row, as billing stored it. */
  const stored = async (table: "accounts" | "subscriptions", userId: string) =>
    billing()
      .database.db.selectFrom(table)
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
  return {
    post,
    summary,
    checkout,
    subscribe,
    registerAfterTrial,
    paidSubscriber,
    stored,
    hold,
    holdIntents,
  };
}
