import { describe, expect, it } from "vitest";
import {
  DEFAULT_PLAN,
  formatPrice,
  OFFERED_PLANS,
  PLANS,
  planForChannelCount,
  planNamed,
  RECOMMENDED_PLAN,
  singleSummaryPriceCents,
} from "./plans.ts";

describe("plans", () => {
  it("sells each plan at its price with its allowance", () => {
    expect(PLANS.map(({ id, priceCents, channelAllowance }) => [id, priceCents, channelAllowance])).toEqual([
      ["solo", 499, 1],
      ["creator", 999, 5],
      ["premium", 999, 5],
      ["pro", 2999, 25],
    ]);
    expect(DEFAULT_PLAN).toBe("premium");
  });

  it("shows each tier under one name, its earlier name included, and offers the three tiers", () => {
    expect(PLANS.map(({ id, name }) => [id, name])).toEqual([
      ["solo", "Solo"],
      ["creator", "Premium"],
      ["premium", "Premium"],
      ["pro", "Pro"],
    ]);
    expect(OFFERED_PLANS).toEqual(["solo", "premium", "pro"]);
    expect(RECOMMENDED_PLAN).toBe("premium");
    // Pro lists what it gives, as every tier does, rather than "premium features".
    expect(planNamed("pro")?.description).toBe("Up to 25 channels with weekly summaries");
    expect(planNamed("pro")?.features).toEqual([
      "Up to 25 channels",
      ...(planNamed("solo")?.features.slice(1) ?? []),
      "Or one e-mail a day, at the hour you choose",
    ]);
  });

  it("lists what every tier gives: the day and hour the reader chooses, search, the feed and sharing; Premium and Pro a daily digest too", () => {
    const digest = [
      "One e-mail a week, on the day and hour you choose (Monday 9:00 by default)",
      "The key points of each new video, linked to the moment they are said",
      "Every past newsletter kept in your dashboard",
      "Search every newsletter you were sent",
      "A private feed for your feed reader",
      "Share a summary with a link",
    ];
    const daily = "Or one e-mail a day, at the hour you choose";
    expect(PLANS.map(({ id, features, dailyDigest }) => [id, features, dailyDigest])).toEqual([
      ["solo", ["1 channel", ...digest], false],
      ["creator", ["Up to 5 channels", ...digest, daily], true],
      ["premium", ["Up to 5 channels", ...digest, daily], true],
      ["pro", ["Up to 25 channels", ...digest, daily], true],
    ]);
  });

  it("maps the earlier funnels' names and knows no others", () => {
    expect(planNamed("creator")?.id).toBe("premium");
    expect(planNamed("weekly")?.id).toBe("premium");
    expect(planNamed("realtime")?.id).toBe("premium");
    expect(planNamed("unlimited")?.id).toBe("pro");
    expect(planNamed("pro")?.id).toBe("pro");
    for (const unknown of ["", "Pro", "gold", "constructor", "__proto__", "toString"]) {
      expect(planNamed(unknown)).toBeUndefined();
    }
  });

  it("prices by channel count: up to 3 solo, up to 5 premium, more pro", () => {
    expect([0, 1, 3, 4, 5, 6, 25, 100].map((count) => planForChannelCount(count).id)).toEqual([
      "solo",
      "solo",
      "solo",
      "premium",
      "premium",
      "pro",
      "pro",
      "pro",
    ]);
  });

  it("prices a single video by length: under an hour, up to 4 hours, nothing longer", () => {
    expect(singleSummaryPriceCents(0)).toBe(199);
    expect(singleSummaryPriceCents(59 * 60 + 59)).toBe(199);
    expect(singleSummaryPriceCents(60 * 60)).toBe(399);
    expect(singleSummaryPriceCents(240 * 60)).toBe(399);
    expect(singleSummaryPriceCents(240 * 60 + 1)).toBeUndefined();
  });

  it("formats prices in en-US dollars with two decimals", () => {
    expect([499, 999, 2999, 199].map(formatPrice)).toEqual(["$4.99", "$9.99", "$29.99", "$1.99"]);
  });
});
