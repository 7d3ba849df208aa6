import { randomUUID } from "node:crypto";
import { writeToOutbox } from "@tubedigest/bus";
import { createEvent, type VideoPublishedData } from "@tubedigest/contracts";
import { eventually } from "@tubedigest/testing/eventually";
import type { FakeChannel, FakeVideo, FakeYoutubeFault } from "@tubedigest/testing/youtube";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CatalogContext } from "../src/domain/catalog-context.ts";
import { checkChannelUploads } from "../src/domain/check-channel-uploads.ts";
import { leaseDueChannels } from "../src/domain/lease-due-channels.ts";
import { videosSince } from "../src/domain/videos-since.ts";
import { checkUploadsOnTick } from "../src/events/check-uploads-on-tick.ts";
import { ChannelRepository } from "../src/store/channel-repository.ts";
import { FollowRepository } from "../src/store/follow-repository.ts";
import {
  asUser,
  type CatalogUnderTest,
  type ContextUnderTest,
  deliver,
  startCatalog,
  startContext,
} from "./support/catalog-harness.ts";
import { fakeChannel, fakeVideo } from "./support/youtube-fixtures.ts";

const HOUR = 60 * 60 * 1000;
const handlerContext = { log: pino({ level: "silent" }), attempt: 1, queue: "catalog.upload-checks" };

/** What an outbox row's `video.published` carries (jsonb arrives parsed from pg, as text elsewhere). */
const publishedData = (stored: unknown) =>
  ((typeof stored === "string" ? JSON.parse(stored) : stored) as { data: VideoPublishedData }).data;

/** The scheduler's tick for the hour `at` falls in, with the id every replica of the scheduler gives it. */
const tickAt = (at: Date, id = randomUUID()) =>
  createEvent(
    "uploads.check-due",
    { slot: new Date(Math.floor(at.getTime() / HOUR) * HOUR).toISOString() },
    { correlationId: "scheduler", id },
  );

describe("the hourly upload check (fake YouTube, Postgres, the real outbox)", () => {
  let harness: ContextUnderTest;

  beforeEach(async () => {
    harness = await startContext({ recordEvent: writeToOutbox });
  });
  afterEach(() => harness.stop());

  const now = () => harness.context.now();
  const later = (hours: number) => harness.setNow(new Date(now().getTime() + hours * HOUR));
  const tick = (context: CatalogContext = harness.context, event = tickAt(context.now())) =>
    checkUploadsOnTick(context)(event, handlerContext);

  /** A channel of the fake's, stored and followed as a follow would (without spending units on it). */
  async function followedChannel(
    uploads: (channel: FakeChannel) => FakeVideo[] = (channel) => [fakeVideo(channel, { hoursAgo: 20 })],
    options: { followed?: boolean } = {},
  ) {
    const channel = fakeChannel();
    harness.fake.addChannel(channel);
    const videos = uploads(channel);
    for (const video of videos) harness.fake.addVideo(video);
    await new ChannelRepository(harness.context.db).saveDetails(
      {
        id: channel.id,
        title: channel.title,
        description: "",
        thumbnailUrl: "",
        subscriberCount: 10,
        uploadsPlaylistId: `UU${channel.id.slice(2)}`,
      },
      now(),
    );
    if (options.followed ?? true)
      await new FollowRepository(harness.context.db).insert(randomUUID(), channel.id);
    return { channel, videos };
  }

  const lastCheckOf = async (channelId: string) =>
    (await new ChannelRepository(harness.context.db).find(channelId))?.uploads_checked_at ?? null;

  const setLastCheck = (channelId: string, at: Date) =>
    new ChannelRepository(harness.context.db).markUploadsChecked(channelId, at);

  /** Every `video.published` written to catalog's outbox, oldest first. */
  async function announced(): Promise<VideoPublishedData[]> {
    const rows = await harness.context.db
      .selectFrom("outbox")
      .select("event")
      .where("event_name", "=", "video.published")
      .orderBy("id")
      .execute();
    return rows.map((row) => publishedData(row.event));
  }
  const announcedIds = async () => (await announced()).map((data) => data.youtubeVideoId).sort();

  it("checks only followed channels whose last check is about a day old or missing", async () => {
    const never = await followedChannel();
    const dayAgo = await followedChannel();
    // Checked a few minutes into yesterday's tick: due at today's, not an hour later.
    const dayAgoLessMinutes = await followedChannel();
    const almostDayAgo = await followedChannel();
    const recently = await followedChannel();
    const unfollowed = await followedChannel(undefined, { followed: false });
    await setLastCheck(dayAgo.channel.id, new Date(now().getTime() - 24 * HOUR));
    await setLastCheck(dayAgoLessMinutes.channel.id, new Date(now().getTime() - 23.75 * HOUR));
    await setLastCheck(almostDayAgo.channel.id, new Date(now().getTime() - 23 * HOUR));
    await setLastCheck(recently.channel.id, new Date(now().getTime() - 2 * HOUR));

    await tick();

    const due = [never, dayAgo, dayAgoLessMinutes];
    expect([...harness.fake.feedRequests].sort()).toEqual(due.map(({ channel }) => channel.id).sort());
    for (const { channel } of due) expect(await lastCheckOf(channel.id)).toEqual(now());
    expect(await lastCheckOf(almostDayAgo.channel.id)).toEqual(new Date(now().getTime() - 23 * HOUR));
    expect(await lastCheckOf(unfollowed.channel.id)).toBeNull();
  });

  it("checks at most the per-tick number of channels, the longest unchecked first", async () => {
    harness.context.uploads.checksPerTick = 2;
    const oldest = await followedChannel();
    const older = await followedChannel();
    const never = await followedChannel();
    await setLastCheck(oldest.channel.id, new Date(now().getTime() - 72 * HOUR));
    await setLastCheck(older.channel.id, new Date(now().getTime() - 48 * HOUR));

    await tick();
    expect(harness.fake.feedRequests).toHaveLength(2);
    expect([...harness.fake.feedRequests].sort()).toEqual([never.channel.id, oldest.channel.id].sort());

    later(1);
    await tick();
    expect(harness.fake.feedRequests.slice(2)).toEqual([older.channel.id]);

    later(1);
    await tick();
    expect(harness.fake.feedRequests).toHaveLength(3);
  });

  it("spends no Data API units when the feed shows nothing new", async () => {
    const { channel } = await followedChannel((ch) => [
      fakeVideo(ch, { hoursAgo: 20 }),
      fakeVideo(ch, { hoursAgo: 60 }),
      // Older than the first check looks back: listed by the feed, never stored.
      fakeVideo(ch, { hoursAgo: 24 * 30 }),
    ]);
    await tick();
    expect(harness.fake.calls.playlistItems).toBe(1);

    later(25);
    harness.fake.resetCalls();
    await tick();
    expect(harness.fake.feedRequests).toEqual([channel.id]);
    expect(harness.fake.unitsSpent).toBe(0);
    expect(await lastCheckOf(channel.id)).toEqual(now());
  });

  it("costs nothing for a channel never checked whose feed lists nothing from the last week", async () => {
    const { channel } = await followedChannel((ch) => [fakeVideo(ch, { hoursAgo: 24 * 10 })]);
    await tick();
    expect(harness.fake.feedRequests).toEqual([channel.id]);
    expect(harness.fake.unitsSpent).toBe(0);
    expect(await lastCheckOf(channel.id)).toEqual(now());
  });

  it("announces each new video a digest will carry once, and each stream once it has ended", async () => {
    const { channel, videos } = await followedChannel((ch) => [
      fakeVideo(ch, { title: "Regular", hoursAgo: 20, duration: "PT12M" }),
      fakeVideo(ch, { title: "Short", hoursAgo: 30, duration: "PT40S" }),
      fakeVideo(ch, { title: "On air", hoursAgo: 1, duration: "P0D", liveBroadcastContent: "live" }),
      fakeVideo(ch, { title: "Soon", hoursAgo: 2, duration: "P0D", liveBroadcastContent: "upcoming" }),
    ]);
    const [regular, , live, upcoming] = videos as [FakeVideo, FakeVideo, FakeVideo, FakeVideo];
    await tick();
    expect(await announced()).toEqual([
      {
        youtubeVideoId: regular.id,
        youtubeChannelId: channel.id,
        title: "Regular",
        publishedAt: regular.publishedAt,
        durationSeconds: 720,
      },
    ]);

    // A day later: a new upload, the stream has ended, the upcoming one is live.
    const second = fakeVideo(channel, { title: "Second", hoursAgo: -20, duration: "PT8M" });
    harness.fake.addVideo(second);
    harness.fake.addVideo({ ...live, liveBroadcastContent: "none", duration: "PT1H30M" });
    harness.fake.addVideo({ ...upcoming, liveBroadcastContent: "live" });
    later(25);
    await tick();
    expect((await announced()).slice(1)).toEqual([
      expect.objectContaining({ youtubeVideoId: second.id, durationSeconds: 480 }),
      expect.objectContaining({ youtubeVideoId: live.id, title: "On air", durationSeconds: 5400 }),
    ]);

    // Another day: the second stream has ended too.
    harness.fake.addVideo({ ...upcoming, liveBroadcastContent: "none", duration: "PT50M" });
    later(25);
    await tick();
    expect((await announced()).slice(3)).toEqual([
      expect.objectContaining({ youtubeVideoId: upcoming.id, durationSeconds: 3000 }),
    ]);

    // Nothing left to follow up: the feed alone answers, and nothing is announced again.
    later(25);
    harness.fake.resetCalls();
    await tick();
    expect(harness.fake.unitsSpent).toBe(0);
    expect(await announcedIds()).toEqual([regular.id, second.id, live.id, upcoming.id].sort());
  });

  it("announces a stream once when two replicas see it end at the same moment", async () => {
    const { channel, videos } = await followedChannel((ch) => [
      fakeVideo(ch, { title: "On air", hoursAgo: 1, duration: "P0D", liveBroadcastContent: "live" }),
    ]);
    const [live] = videos as [FakeVideo];
    await tick();
    harness.fake.addVideo({ ...live, liveBroadcastContent: "none", duration: "PT40M" });
    later(25);

    // Both checks have read the stream as unfinished before either asks videos.list and records it.
    let arrived = 0;
    let bothArrived: () => void = () => {};
    const barrier = new Promise<void>((resolve) => {
      bothArrived = resolve;
    });
    const gated = (context: CatalogContext): CatalogContext => ({
      ...context,
      youtube: (purpose) => {
        const inner = context.youtube(purpose);
        return {
          ...inner,
          async videosByIds(ids) {
            arrived += 1;
            if (arrived === 2) bothArrived();
            await barrier;
            return inner.videosByIds(ids);
          },
        };
      },
    });
    const stored = await new ChannelRepository(harness.context.db).find(channel.id);
    if (!stored) throw new Error("the channel is stored");
    const cause = { correlationId: "race" };
    await Promise.all([
      checkChannelUploads(gated(harness.context), stored, cause),
      checkChannelUploads(gated(harness.replica()), stored, cause),
    ]);
    expect(arrived).toBe(2);
    expect(await announcedIds()).toEqual([live.id]);
  });

  it("asks the Data API while a stream of the channel is unfinished, even when the feed shows nothing new", async () => {
    await followedChannel((ch) => [
      fakeVideo(ch, { title: "Soon", hoursAgo: 2, duration: "P0D", liveBroadcastContent: "upcoming" }),
    ]);
    await tick();
    later(25);
    harness.fake.resetCalls();
    await tick();
    expect(harness.fake.calls).toMatchObject({ playlistItems: 1, videos: 1 });
  });

  it("does nothing twice for the same tick delivered twice, or for the next tick", async () => {
    const { channel } = await followedChannel();
    const event = tickAt(now());
    await Promise.all([tick(harness.context, event), tick(harness.context, event)]);
    await tick(harness.context, event);
    expect(harness.fake.feedRequests).toEqual([channel.id]);
    expect(harness.fake.calls.playlistItems).toBe(1);
    expect(await announced()).toHaveLength(1);

    later(1);
    await tick();
    expect(harness.fake.feedRequests).toEqual([channel.id]);
    expect(await announced()).toHaveLength(1);
  });

  it("announces videos found on demand the same way, and a later tick does not repeat them", async () => {
    const { channel, videos } = await followedChannel((ch) => [
      fakeVideo(ch, { hoursAgo: 20 }),
      fakeVideo(ch, { hoursAgo: 22, duration: "PT30S" }),
    ]);
    await videosSince(harness.context, {
      youtubeChannelId: channel.id,
      since: new Date(now().getTime() - 7 * 24 * HOUR),
      correlationId: "summariser-request",
    });
    expect(await announcedIds()).toEqual([videos[0]?.id]);

    later(25);
    await tick();
    expect(await announcedIds()).toEqual([videos[0]?.id]);
  });

  it.each<[string, FakeYoutubeFault]>([
    ["answers 500", { kind: "serverError", status: 500 }],
    ["answers 404", { kind: "serverError", status: 404 }],
    ["is rate-limited", { kind: "rateLimited" }],
    ["times out", { kind: "slow", delayMs: 1_500 }],
    ["sends garbage", { kind: "malformed", body: "\u0000\uFFFD not a feed" }],
    ["is cut short", { kind: "malformed" }],
    [
      "lists an entry it cannot read",
      {
        kind: "malformed",
        body: '<?xml version="1.0"?><feed><entry><yt:videoId>x</yt:videoId><published>soon</published></entry></feed>',
      },
    ],
  ])("falls back to the Data API when the feed %s", async (_, fault) => {
    const { channel } = await followedChannel();
    await tick();
    later(25);
    const added = fakeVideo(channel, { hoursAgo: -24 });
    harness.fake.addVideo(added);
    harness.fake.resetCalls();
    harness.fake.fail("feed", fault);
    await tick();
    expect(harness.fake.feedRequests).toEqual([channel.id]);
    expect(harness.fake.calls.playlistItems).toBe(1);
    expect(await announcedIds()).toContain(added.id);
    expect(await lastCheckOf(channel.id)).toEqual(now());
    expect(harness.warnings).toContainEqual(
      expect.objectContaining({ message: "uploads feed unreadable; asking the Data API" }),
    );
  });

  it("gives a channel whose check failed back to the next tick", async () => {
    const failing = await followedChannel();
    const healthy = await followedChannel();
    harness.fake.fail("feed", { kind: "serverError" });
    harness.fake.fail("playlistItems", { kind: "serverError" }, 1);
    await tick();
    const checked = [await lastCheckOf(failing.channel.id), await lastCheckOf(healthy.channel.id)];
    // One of the two met the Data API's one failure; the other was checked.
    expect(checked.filter((date) => date === null)).toHaveLength(1);

    later(1);
    harness.fake.resetCalls();
    await tick();
    expect(harness.fake.feedRequests).toHaveLength(1);
    expect(await lastCheckOf(failing.channel.id)).not.toBeNull();
    expect(await lastCheckOf(healthy.channel.id)).not.toBeNull();
  });

  it("never lets two replicas' ticks check one channel twice", async () => {
    const channels = [];
    for (let i = 0; i < 12; i++) channels.push((await followedChannel()).channel.id);
    const replica = harness.replica();
    for (let round = 0; round < 3; round++) {
      harness.fake.resetCalls();
      await Promise.all([tick(harness.context, tickAt(now())), tick(replica, tickAt(now()))]);
      expect([...harness.fake.feedRequests].sort()).toEqual([...channels].sort());
      later(25);
    }
  });

  it("leaves a lease to the replica holding it, and takes it over once it lapses", async () => {
    const { channel } = await followedChannel();
    // A replica leased the channel and stopped before checking it.
    await harness.context.db.transaction().execute((trx) => leaseDueChannels(trx, harness.replica()));
    await tick();
    expect(harness.fake.feedRequests).toEqual([]);

    later(2);
    await tick();
    expect(harness.fake.feedRequests).toEqual([channel.id]);
    expect(await lastCheckOf(channel.id)).toEqual(now());
  });
});

describe("the hourly upload check through the bus (RabbitMQ, the outbox relay)", () => {
  let catalog: CatalogUnderTest;
  beforeAll(async () => {
    catalog = await startCatalog();
  });
  afterAll(() => catalog.stop());

  it("checks a followed channel on the scheduler's tick and publishes its new videos", async () => {
    const channel = fakeChannel();
    const video = fakeVideo(channel, { hoursAgo: 5 });
    catalog.fake.addChannel(channel);
    catalog.fake.addVideo(video);
    catalog.fake.addVideo(fakeVideo(channel, { hoursAgo: 6, duration: "PT20S" }));
    const followed = await catalog.app.inject({
      method: "POST",
      url: "/api/user/channels",
      headers: asUser(randomUUID()),
      payload: { youtubeChannelId: channel.id },
    });
    expect(followed.statusCode).toBe(201);

    await deliver(catalog, tickAt(new Date()));
    const sent = await eventually(async () => {
      const rows = await catalog.database.db
        .selectFrom("outbox")
        .select(["event", "sent_at"])
        .where("event_name", "=", "video.published")
        .execute();
      return rows.length > 0 && rows.every((row) => row.sent_at !== null) ? rows : undefined;
    });
    expect(sent.map((row) => publishedData(row.event).youtubeVideoId)).toEqual([video.id]);
    expect(catalog.fake.feedRequests).toEqual([channel.id]);
  });
});
