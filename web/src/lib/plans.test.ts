import { describe, expect, it } from "vitest";
import { type Plan, type PlansReply, planAllowingMore, planForChannelCount } from "./plans.ts";

const plan = (id: string, price: number): Plan => ({
  id,
  name: id,
  description: "",
  priceCents: Math.round(price * 100),
  price,
  priceLabel: `$${price}`,
  channelAllowance: 1,
});

const reply = {
  plans: [plan("solo", 4.99), plan("creator", 9.99), plan("pro", 29.99)],
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

describe("planAllowingMore", () => {
  const sized = (id: string, channelAllowance: number): Plan => ({ ...plan(id, 1), channelAllowance });
  const sold = {
    plans: [sized("pro", 25), sized("creator", 5), sized("solo", 1), sized("premium", 5)],
  } as PlansReply;

  it("names the smallest tier sold past the allowance, Premium rather than its other name", () => {
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
