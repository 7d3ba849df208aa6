import { describe, expect, it } from "vitest";
import {
  offeredPlans,
  type Plan,
  type PlansReply,
  planAllowingMore,
  planForChannelCount,
  planOffer,
} from "./plans.ts";

const plan = (id: string, price: number): Plan => ({
  id,
  name: id,
  description: "",
  features: [],
  dailyDigest: false,
  priceCents: Math.round(price * 100),
  price,
  priceLabel: `$${price}`,
  channelAllowance: 1,
});

const reply = {
  plans: [plan("solo", 4.99), plan("creator", 9.99), plan("premium", 9.99), plan("pro", 29.99)],
  offeredPlans: ["solo", "premium", "pro"],
  trialDays: 7,
  channelCountTiers: [
    { upToChannels: 3, plan: "solo" },
    { upToChannels: 5, plan: "creator" },
    { upToChannels: null, plan: "pro" },
  ],
} as PlansReply;

describe("planForChannelCount", () => {
  it("follows the server's tiers: up to 3 solo, up to 5 creator, more pro", () => {
    expect(planForChannelCount(reply, 1)?.id).toBe("solo");
    expect(planForChannelCount(reply, 3)?.id).toBe("solo");
    expect(planForChannelCount(reply, 4)?.id).toBe("creator");
    expect(planForChannelCount(reply, 5)?.id).toBe("creator");
    expect(planForChannelCount(reply, 6)?.id).toBe("pro");
    expect(planForChannelCount(reply, 40)?.id).toBe("pro");
  });
});

describe("offeredPlans", () => {
  it("is the tiers the server offers, in its order, without their earlier names", () => {
    expect(offeredPlans(reply).map((offered) => offered.id)).toEqual(["solo", "premium", "pro"]);
  });
});

describe("planOffer", () => {
  it("says the trial and the monthly price in one sentence while a plan chosen now starts with the trial", () => {
    expect(planOffer(reply, plan("premium", 9.99), true)).toBe("7 days free, then $9.99/month");
  });

  it("says the monthly price alone after the free days", () => {
    expect(planOffer(reply, plan("premium", 9.99), false)).toBe("$9.99/month");
  });
});

describe("planAllowingMore", () => {
  const sized = (id: string, channelAllowance: number): Plan => ({ ...plan(id, 1), channelAllowance });
  const sold = {
    plans: [sized("pro", 25), sized("creator", 5), sized("solo", 1), sized("premium", 5)],
    offeredPlans: ["solo", "premium", "pro"],
  } as PlansReply;

  it("names the smallest tier offered past the allowance, Premium rather than its other name", () => {
    expect(planAllowingMore(sold, 0)?.id).toBe("solo");
    expect(planAllowingMore(sold, 1)?.id).toBe("premium");
    expect(planAllowingMore(sold, 4)?.id).toBe("premium");
    expect(planAllowingMore(sold, 5)?.id).toBe("pro");
    expect(planAllowingMore(sold, 24)?.id).toBe("pro");
  });

  it("names none past the largest", () => {
    expect(planAllowingMore(sold, 25)).toBeUndefined();
    expect(planAllowingMore(sold, 40)).toBeUndefined();
  });
});
