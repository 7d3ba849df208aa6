import { describe, expect, it } from "vitest";
import type { PlansReply } from "../../lib/plans.ts";
import { planLabel } from "./plan-label.ts";
import type { Subscription } from "./use-subscription.ts";

const plans = {
  plans: [
    {
      id: "creator",
      name: "Premium",
      description: "",
      priceCents: 999,
      price: 9.99,
      priceLabel: "$9.99",
      channelAllowance: 5,
    },
  ],
  legacySettingsLabels: [
    { plan: "weekly", label: "Weekly Digest", perChannelCents: 299 },
    { plan: "realtime", label: "Real-Time Updates", perChannelCents: 999 },
  ],
} as PlansReply;

const active = (plan: string, planName: string | null = null, priceCents: number | null = null) =>
  ({ status: "active", plan, planName, priceCents }) as Subscription;

describe("planLabel, the settings subscription tab's plan and price", () => {
  it("names a plan sold now by its real name and monthly price from /api/plans", () => {
    expect(planLabel(active("creator", "Old name", 1), plans)).toEqual({
      name: "Premium Plan",
      price: "$9.99 per month",
    });
  });

  it("keeps the old labels and per-channel prices for subscriptions stored under the old names", () => {
    expect(planLabel(active("weekly"), plans)).toEqual({
      name: "Weekly Digest",
      price: "$2.99 per channel per month",
    });
    expect(planLabel(active("realtime"), plans).name).toBe("Real-Time Updates");
  });

  it("falls back to billing's own name and price for a plan /api/plans does not list", () => {
    expect(planLabel(active("solo", "Solo", 499), plans)).toEqual({
      name: "Solo Plan",
      price: "$4.99 per month",
    });
  });
});
