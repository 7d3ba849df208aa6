import type { PlanChangeQuote } from "@tubedigest/contracts/subscription";
import { describe, expect, it } from "vitest";
import { formatDate } from "../../lib/format-date.ts";
import type { Plan, PlansReply } from "../../lib/plans.ts";
import { moveConfirmation, planMove } from "./plan-move.ts";
import type { Subscription } from "./use-subscription.ts";

const tier = (id: string, name: string, priceCents: number) => ({ id, name, priceCents }) as Plan;
const solo = tier("solo", "Solo", 499);
const premium = tier("premium", "Premium", 999);
const creator = tier("creator", "Premium", 999);
const pro = tier("pro", "Pro", 2999);
const plans = { plans: [solo, creator, premium, pro] } as PlansReply;
const on = (plan: string, changes: Partial<Subscription> = {}) =>
  ({ status: "active", plan, scheduledPlan: null, ...changes }) as Subscription;

describe("planMove, what the switcher offers for each tier", () => {
  it("moves up to a dearer tier and down to a cheaper one; the tier in force under any name is current", () => {
    expect(planMove(on("premium"), plans, pro)).toBe("up");
    expect(planMove(on("premium"), plans, solo)).toBe("down");
    expect(planMove(on("creator"), plans, premium)).toBe("current");
  });

  it("switches during the trial, and offers to keep the tier in force while a move down waits", () => {
    expect(planMove(on("solo", { status: "trial" }), plans, pro)).toBe("trial");
    expect(planMove(on("premium", { scheduledPlan: "solo" }), plans, premium)).toBe("keep");
  });
});

describe("moveConfirmation", () => {
  const quote = {
    plan: "pro",
    planName: "Pro",
    priceCents: 2999,
    takesEffect: "now",
    effectiveAt: "2026-12-05T10:00:00.000Z",
    amountDueCents: 1645,
    nextChargeAt: "2027-01-03T09:00:00.000Z",
    quotedAt: "2026-12-05T10:00:00.000Z",
  } satisfies PlanChangeQuote;

  it("says what a move up charges today, from billing's quote, and the price after", () => {
    expect(moveConfirmation("up", quote, "Premium")).toEqual({
      title: "Move up to Pro?",
      body: `Pro starts now. $16.45 is charged today for the rest of this billing period, then $29.99/month from ${formatDate(quote.nextChargeAt)}.`,
    });
  });

  it("says a move down waits for the period's end and charges nothing today", () => {
    const down = { ...quote, plan: "solo", planName: "Solo", priceCents: 499, amountDueCents: 0 };
    expect(moveConfirmation("down", { ...down, effectiveAt: down.nextChargeAt }, "Premium").body).toBe(
      `You keep Premium until ${formatDate(down.nextChargeAt)}; Solo follows then, at $4.99/month. Nothing is charged today.`,
    );
  });
});
