import { randomUUID } from "node:crypto";
import type { RecordEvent } from "@tubedigest/bus";
import type { AnyEvent } from "@tubedigest/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followChannel } from "../src/domain/follow-channel.ts";
import { listFollowedChannels } from "../src/domain/list-followed-channels.ts";
import { unfollowChannel } from "../src/domain/unfollow-channel.ts";
import type { CatalogDatabase } from "../src/store/database.ts";
import { type ContextUnderTest, startContext } from "./support/catalog-harness.ts";
import { fakeChannel } from "./support/youtube-fixtures.ts";

describe("channel.followed / channel.unfollowed through the event seam", () => {
  let harness: ContextUnderTest;
  const recorded: AnyEvent[] = [];
  let failNext = false;
  // Stands in for the outbox: writes nothing itself, but runs inside the operation's transaction.
  const recordEvent: RecordEvent<CatalogDatabase> = async (trx, event) => {
    expect(trx.isTransaction).toBe(true);
    if (failNext) {
      failNext = false;
      throw new Error("outbox write failed");
    }
    recorded.push(event);
  };
  const channel = fakeChannel({ title: "Evented channel", thumbnailUrl: "https://example.invalid/e.jpg" });

  beforeAll(async () => {
    harness = await startContext({ recordEvent });
    harness.fake.addChannel(channel);
  });
  afterAll(() => harness.stop());

  it("records channel.followed once, with what consumers need, and nothing for a repeated add", async () => {
    const userId = randomUUID();
    const input = { userId, youtubeChannelId: channel.id, correlationId: "req-follow" };
    await followChannel(harness.context, input);
    await followChannel(harness.context, input);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      name: "channel.followed",
      version: 1,
      correlationId: "req-follow",
      data: {
        userId,
        youtubeChannelId: channel.id,
        title: "Evented channel",
        thumbnailUrl: "https://example.invalid/e.jpg",
      },
    });

    await unfollowChannel(harness.context, { ...input, correlationId: "req-unfollow" });
    expect(recorded[1]).toMatchObject({
      name: "channel.unfollowed",
      correlationId: "req-unfollow",
      data: { userId, youtubeChannelId: channel.id },
    });
  });

  it("follows a channel added twice at once a single time, with one channel.followed", async () => {
    const userId = randomUUID();
    const input = { userId, youtubeChannelId: channel.id, correlationId: "req-twice" };
    const before = recorded.length;
    // Both pass the first look for an existing follow; the second finds the first's under the lock.
    const results = await Promise.all([
      followChannel(harness.context, input),
      followChannel(harness.context, input),
    ]);
    expect(results.map((result) => result.created).sort()).toEqual([false, true]);
    expect(results[0]?.channel).toEqual(results[1]?.channel);
    expect(recorded.slice(before).map((event) => event.correlationId)).toEqual(["req-twice"]);
    expect(await listFollowedChannels(harness.context, userId)).toHaveLength(1);
  });

  it("keeps no follow when its event cannot be recorded, and no unfollow either", async () => {
    const userId = randomUUID();
    const input = { userId, youtubeChannelId: channel.id, correlationId: "req" };
    failNext = true;
    await expect(followChannel(harness.context, input)).rejects.toThrow("outbox write failed");
    expect(await listFollowedChannels(harness.context, userId)).toEqual([]);

    await followChannel(harness.context, input);
    failNext = true;
    await expect(unfollowChannel(harness.context, input)).rejects.toThrow("outbox write failed");
    expect(await listFollowedChannels(harness.context, userId)).toHaveLength(1);
  });
});
