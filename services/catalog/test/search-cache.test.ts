import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { searchChannels } from "../src/domain/search-channels.ts";
import { type ContextUnderTest, startContext } from "./support/catalog-harness.ts";
import { fakeChannel } from "./support/youtube-fixtures.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe("the search cache over time (its expiry on the test's clock)", () => {
  let harness: ContextUnderTest;
  const start = new Date("2026-03-02T12:00:00Z");
  const at = (offset: number) => harness.setNow(new Date(start.getTime() + offset));

  // Each test starts from an empty cache and a fresh quota ledger, whatever ran before it.
  beforeEach(async () => {
    harness = await startContext({ cache: "memory" });
    harness.fake.addChannel(fakeChannel({ title: "Timely channel", subscriberCount: 7 }));
    at(0);
  });
  afterEach(() => harness.stop());

  it("answers from the cache for 24 hours, then asks YouTube again", async () => {
    await searchChannels(harness.context, "timely");
    at(DAY - 1);
    await searchChannels(harness.context, "timely");
    expect(harness.fake.calls.search).toBe(1);
    at(DAY);
    await searchChannels(harness.context, "timely");
    expect(harness.fake.calls.search).toBe(2);
  });

  // Kills the mutant that stores answers for SEARCH_FRESH_SECONDS instead of SEARCH_KEPT_SECONDS
  // (services/catalog/src/domain/search-channels.ts): the answer would be gone after one day.
  it("answers a stale search for up to 7 days when YouTube cannot be asked, and a 503 after", async () => {
    const warnings: { details: object; message: string }[] = [];
    harness.context.log = { warn: (details, message) => warnings.push({ details, message }) };
    await searchChannels(harness.context, "timely");
    harness.fake.fail("any", { kind: "quotaExceeded" });
    for (const offset of [25 * HOUR, 3 * DAY, 7 * DAY - HOUR]) {
      at(offset);
      const answer = await searchChannels(harness.context, "Timely");
      expect(answer.map((channel) => channel.title)).toEqual(["Timely channel"]);
    }
    at(7 * DAY + HOUR);
    await expect(searchChannels(harness.context, "timely")).rejects.toMatchObject({ statusCode: 503 });
    // Each stale answer is logged with the entry and YouTube's reason, for whoever looks into it.
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toEqual({
      details: { key: "search:timely", err: expect.objectContaining({ reason: "quotaExceeded" }) },
      message: "answering a search from a stale cache entry",
    });
  });

  it("answers a search never made before with a 503 when YouTube cannot be asked", async () => {
    harness.fake.fail("any", { kind: "quotaExceeded" });
    await expect(searchChannels(harness.context, "never searched before")).rejects.toMatchObject({
      statusCode: 503,
    });
  });
});
