import type { FakeChannel } from "@tubedigest/testing/youtube";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { YoutubeCatalog } from "../src/adapters/youtube/youtube-catalog.ts";
import { resolveChannel } from "../src/domain/resolve-channel.ts";
import { ChannelRepository } from "../src/store/channel-repository.ts";
import { type ContextUnderTest, startContext } from "./support/catalog-harness.ts";
import { fakeChannel } from "./support/youtube-fixtures.ts";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Where a followed channel's details come from: catalog's table while they are younger than a week,
 * otherwise YouTube, and the week-old table row again when YouTube cannot be asked. Each case names the
 * mutants of resolve-channels.ts it catches (`npx stryker run stryker/catalog.config.mjs`).
 */
describe("a channel's details for following it", () => {
  let harness: ContextUnderTest;
  const start = new Date("2026-11-02T09:00:00.000Z");

  beforeAll(async () => {
    // The memory cache expires by the harness's clock, so nothing cached earlier answers days later.
    harness = await startContext({ cache: "memory" });
  });
  afterAll(() => harness.stop());
  beforeEach(() => {
    harness.fake.heal();
    harness.fake.resetCalls();
  });

  /** A channel YouTube now describes one way, and catalog stored, `daysAgo`, another way. */
  async function storedChannel(daysAgo: number, subscriberCount: number | null): Promise<FakeChannel> {
    const onYoutube = fakeChannel({ title: "The title on YouTube now", subscriberCount: 2_000 });
    harness.fake.addChannel(onYoutube);
    harness.setNow(start);
    await new ChannelRepository(harness.context.db).saveDetails(
      {
        id: onYoutube.id,
        title: "The title catalog stored",
        description: "",
        thumbnailUrl: "",
        subscriberCount,
        uploadsPlaylistId: null,
      },
      start,
    );
    harness.setNow(new Date(start.getTime() + daysAgo * DAY));
    return onYoutube;
  }

  // Mutants: the freshness test as `false`, `>=`, `+`, and its block emptied.
  it("takes details stored less than a week ago from catalog's table, asking YouTube nothing", async () => {
    const channel = await storedChannel(6, 1_234);
    expect(await resolveChannel(harness.context, channel.id)).toMatchObject({
      id: channel.id,
      title: "The title catalog stored",
      subscriberCount: 1_234,
    });
    expect(harness.fake.calls.channels).toBe(0);
  });

  // Mutants: the freshness test as `true` and `<=`.
  it("asks YouTube again once the stored details are a week old", async () => {
    const channel = await storedChannel(7, 1_234);
    expect(await resolveChannel(harness.context, channel.id)).toMatchObject({
      title: "The title on YouTube now",
      subscriberCount: 2_000,
    });
    expect(harness.fake.calls.channels).toBe(1);
  });

  // Mutants: the stored fallback in the catch skipped; `subscriber_count === null` as `true`, `false`, `!==`.
  it("answers week-old stored details, a hidden subscriber count still hidden, when YouTube fails", async () => {
    const hidden = await storedChannel(8, null);
    harness.fake.fail("channels", { kind: "serverError" });
    expect(await resolveChannel(harness.context, hidden.id)).toMatchObject({
      title: "The title catalog stored",
      subscriberCount: null,
    });
    const counted = await storedChannel(8, 1_234);
    expect(await resolveChannel(harness.context, counted.id)).toMatchObject({
      title: "The title catalog stored",
      subscriberCount: 1_234,
    });
  });

  // Mutant: the answer's ids not checked against the batch asked (`inBatch.has` as `true`).
  it("answers 404 when YouTube's answer is about another channel", async () => {
    const asked = fakeChannel();
    const other = { ...fakeChannel(), uploadsPlaylistId: null };
    const youtube = () => ({ channelsByIds: async () => [other] }) as unknown as YoutubeCatalog;
    await expect(resolveChannel({ ...harness.context, youtube }, asked.id)).rejects.toMatchObject({
      statusCode: 404,
      message: "We could not find that YouTube channel.",
    });
  });
});
