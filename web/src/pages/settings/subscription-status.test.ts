import { describe, expect, it } from "vitest";
import { formatDate } from "../../lib/format-date.ts";
import type { PlansReply } from "../../lib/plans.ts";
import { subscriptionStatus } from "./subscription-status.ts";
import type { Subscription } from "./use-subscription.ts";

const plans = {
  plans: [
    { id: "solo", name: "Solo" },
    { id: "premium", name: "Premium" },
  ],
} as PlansReply;

const END = "2027-01-03T09:00:00.000Z";

const premium = (changes: Partial<Subscription>) =>
  ({
    status: "active",
    plan: "premium",
    planName: "Premium",
    currentPeriodEnd: END,
    cancelAtPeriodEnd: false,
    scheduledPlan: null,
    paymentPastDue: false,
    testMode: false,
    trialEndsAt: null,
    ...changes,
  }) as Subscription;

describe("subscriptionStatus, the Subscription tab's status line", () => {
  it("says when a plan chosen during the trial starts", () => {
    expect(subscriptionStatus(premium({ status: "trial", trialEndsAt: END }), plans)).toBe(
      `Trial, then Premium from ${formatDate(END)}`,
    );
  });

  it("says when a cancelled plan ends, before anything else", () => {
    expect(
      subscriptionStatus(premium({ cancelAtPeriodEnd: true, status: "trial", trialEndsAt: END }), plans),
    ).toBe(`Cancels on ${formatDate(END)}`);
  });

  it("names a move down and its date, a failed payment, and test mode", () => {
    expect(subscriptionStatus(premium({ scheduledPlan: "solo" }), plans)).toBe(
      `Active; moves to Solo on ${formatDate(END)}`,
    );
    expect(subscriptionStatus(premium({ paymentPastDue: true }), plans)).toBe(
      "Payment failed: Stripe is trying your card again",
    );
    expect(subscriptionStatus(premium({ testMode: true }), plans)).toBe("Active (test mode)");
  });
});
