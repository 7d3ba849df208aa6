import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchChannels } from "../src/domain/search-channels.ts";
import { type ContextUnderTest, startContext } from "./support/catalog-harness.ts";
import { fakeChannel } from "./support/youtube-fixtures.ts";

const HOUR = 60 * 60 * 1000;

describe("the search cache over time", () => {
  let harness: ContextUnderTest;
  const start = new Date("2026-03-02T12:00:00Z");

  beforeAll(async () => {
    harness = await startContext();
    harness.fake.addChannel(fakeChannel({ title: "Timely channel", subscriberCount: 7 }));
    harness.setNow(start);
  });
  afterAll(() => harness.stop());

  it("answers from the cache for 24 hours, then asks YouTube again", async () => {
    await searchChannels(harness.context, "timely");
    harness.setNow(new Date(start.getTime() + 23 * HOUR));
    await searchChannels(harness.context, "timely");
    expect(harness.fake.calls.search).toBe(1);
    harness.setNow(new Date(start.getTime() + 25 * HOUR));
    await searchChannels(harness.context, "timely");
    expect(harness.fake.calls.search).toBe(2);
  });

  it("answers a day-old search when YouTube cannot be asked, rather than failing", async () => {
    harness.setNow(new Date(start.getTime() + 60 * HOUR));
    harness.fake.fail("any", { kind: "quotaExceeded" });
    const answer = await searchChannels(harness.context, "Timely");
    expect(answer.map((channel) => channel.title)).toEqual(["Timely channel"]);
    await expect(searchChannels(harness.context, "never searched before")).rejects.toMatchObject({
      statusCode: 503,
    });
  });
});
