import type { FakeVideo } from "@tubedigest/testing/youtube";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type YoutubeCatalog, YoutubeUnavailableError } from "../src/adapters/youtube/youtube-catalog.ts";
import { checkChannelUploads } from "../src/domain/check-channel-uploads.ts";
import { resolveChannel } from "../src/domain/resolve-channel.ts";
import { videosSince } from "../src/domain/videos-since.ts";
import { ChannelRepository } from "../src/store/channel-repository.ts";
import {
  type CatalogUnderTest,
  type ContextUnderTest,
  startCatalog,
  startContext,
} from "./support/catalog-harness.ts";
import { fakeChannel, fakeVideo } from "./support/youtube-fixtures.ts";

const DAY = 24 * 60 * 60 * 1000;
/** What a check's announcements are correlated with: here, no request. */
const cause = { correlationId: "uploads-test" };
const weekAgo = () => new Date(Date.now() - 7 * DAY).toISOString();

interface ChannelVideo {
  youtubeVideoId: string;
  title: string;
  durationSeconds: number | null;
  isShort: boolean;
  liveStatus: string;
  skipInDigest: boolean;
}

describe("new videos of a channel, for other services (fake Data API, Postgres)", () => {
  let catalog: CatalogUnderTest;

  /** A channel of the test's own, unknown to catalog, with a week of uploads of every kind and an old one. */
  function uploadingChannel() {
    const channel = fakeChannel({ title: "Uploading channel" });
    const videos = {
      regular: fakeVideo(channel, { title: "Regular", hoursAgo: 20, duration: "PT10M5S" }),
      short: fakeVideo(channel, { title: "Quick one", hoursAgo: 30, duration: "PT45S" }),
      taggedShort: fakeVideo(channel, { title: "Tip #shorts", hoursAgo: 40, duration: "PT2M30S" }),
      live: fakeVideo(channel, {
        title: "On air",
        hoursAgo: 1,
        duration: "P0D",
        liveBroadcastContent: "live",
      }),
      upcoming: fakeVideo(channel, {
        title: "Soon",
        hoursAgo: 2,
        duration: "P0D",
        liveBroadcastContent: "upcoming",
      }),
      long: fakeVideo(channel, { title: "Long talk", hoursAgo: 100, duration: "PT1H2M3S" }),
      old: fakeVideo(channel, { title: "Old", hoursAgo: 24 * 20 }),
    };
    catalog.fake.addChannel(channel);
    for (const video of Object.values(videos)) catalog.fake.addVideo(video);
    return { channel, videos };
  }

  const videosOf = (id: string, since: string) =>
    catalog.app.inject(`/internal/channels/${id}/videos?since=${encodeURIComponent(since)}`);
  const videoList = async (id: string, since: string) =>
    ((await videosOf(id, since)).json() as { videos: ChannelVideo[] }).videos;

  beforeAll(async () => {
    catalog = await startCatalog();
  });
  afterAll(() => catalog.stop());
  beforeEach(() => {
    catalog.fake.heal();
    catalog.fake.resetCalls();
  });

  it("finds the week's uploads with durations, Shorts and streams flagged, oldest first", async () => {
    const { channel, videos } = uploadingChannel();
    const response = await videosOf(channel.id, weekAgo());
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      title: string;
      upToDate: boolean;
      checkedAt: string;
      videos: ChannelVideo[];
    };
    expect(body.upToDate).toBe(true);
    expect(body.title).toBe(channel.title);
    expect(body.videos.map((video) => video.title)).toEqual([
      "Long talk",
      "Tip #shorts",
      "Quick one",
      "Regular",
      "Soon",
      "On air",
    ]);
    const byTitle = Object.fromEntries(body.videos.map((video) => [video.title, video]));
    expect(byTitle.Regular).toMatchObject({
      youtubeVideoId: videos.regular.id,
      durationSeconds: 605,
      isShort: false,
      liveStatus: "none",
      skipInDigest: false,
      url: `https://www.youtube.com/watch?v=${videos.regular.id}`,
      publishedAt: videos.regular.publishedAt,
    });
    expect(byTitle["Long talk"]).toMatchObject({
      durationSeconds: 3723,
      isShort: false,
      skipInDigest: false,
    });
    expect(byTitle["Quick one"]).toMatchObject({ durationSeconds: 45, isShort: true, skipInDigest: true });
    expect(byTitle["Tip #shorts"]).toMatchObject({ durationSeconds: 150, isShort: true, skipInDigest: true });
    expect(byTitle["On air"]).toMatchObject({ liveStatus: "live", isShort: false, skipInDigest: true });
    expect(byTitle.Soon).toMatchObject({ liveStatus: "upcoming", skipInDigest: true });
    // The channel was unknown: one channels.list; then one page of uploads and one videos.list.
    expect(catalog.fake.calls).toEqual({ search: 0, channels: 1, playlistItems: 1, videos: 1 });
  });

  it("answers only videos published after `since`", async () => {
    const { channel } = uploadingChannel();
    const since = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    expect((await videoList(channel.id, since)).map((video) => video.title)).toEqual([
      "Regular",
      "Soon",
      "On air",
    ]);
  });

  it("updates a stream once it has ended", async () => {
    const { channel, videos } = uploadingChannel();
    const live = (await videoList(channel.id, weekAgo())).find((video) => video.title === "On air");
    expect(live).toMatchObject({ liveStatus: "live", durationSeconds: 0 });

    catalog.fake.addVideo({
      ...videos.live,
      liveBroadcastContent: "none",
      duration: "PT1H30M",
    } satisfies FakeVideo);
    const ended = (await videoList(channel.id, weekAgo())).find((video) => video.title === "On air");
    expect(ended).toMatchObject({ liveStatus: "none", durationSeconds: 5400, skipInDigest: false });
  });

  it("answers the stored videos, marked not up to date, when YouTube fails", async () => {
    const { channel } = uploadingChannel();
    expect(await videoList(channel.id, weekAgo())).toHaveLength(6);
    catalog.fake.fail("playlistItems", { kind: "serverError" });
    const response = await videosOf(channel.id, weekAgo());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ upToDate: false });
    expect((response.json() as { videos: unknown[] }).videos).toHaveLength(6);
  });

  it("answers several channels in one call as each alone, each once, naming those YouTube does not know", async () => {
    const first = uploadingChannel().channel;
    const second = fakeChannel({ title: "Second channel" });
    catalog.fake.addChannel(second);
    catalog.fake.addVideo(fakeVideo(second, { title: "Second's upload", hoursAgo: 5 }));
    const since = weekAgo();
    const nobody = "UCnobodyhasthischannel00";
    const ids = [second.id, nobody, first.id, second.id].join(",");
    const response = await catalog.app.inject(
      `/internal/channels/videos?ids=${ids}&since=${encodeURIComponent(since)}`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json() as { channels: { youtubeChannelId: string }[]; unknown: string[] };
    expect(body.unknown).toEqual([nobody]);
    expect(body.channels.map((channel) => channel.youtubeChannelId)).toEqual([second.id, first.id]);
    // Each known channel looked up and checked once, the unknown one asked for and not found.
    expect(catalog.fake.calls).toMatchObject({ channels: 3, playlistItems: 2 });
    for (const channel of body.channels) {
      const alone = (await videosOf(channel.youtubeChannelId, since)).json();
      expect(channel).toEqual({ ...alone, checkedAt: expect.any(String) });
    }
  });

  it("shares one check among concurrent askers", async () => {
    const other = fakeChannel();
    catalog.fake.addChannel(other);
    catalog.fake.addVideo(fakeVideo(other));
    // Checks are not reused here (refreshAfterSeconds 0), so the first asker's check is held at YouTube
    // until the others have surely asked while it runs, however slowly this machine answers them.
    catalog.fake.fail("playlistItems", { kind: "slow", delayMs: 600 }, 1);
    const first = videosOf(other.id, weekAgo());
    await expect.poll(() => catalog.fake.calls.playlistItems).toBe(1);
    const others = Array.from({ length: 4 }, () => videosOf(other.id, weekAgo()));
    const responses = await Promise.all([first, ...others]);
    for (const response of responses)
      expect(response.json()).toMatchObject({ videos: [{ title: "A fixture video" }] });
    expect(catalog.fake.calls.playlistItems).toBe(1);
  });

  it.each([
    [
      "/internal/channels/UCaaaaaaaaaaaaaaaaaaaaaa/videos",
      400,
      "since must be an ISO 8601 date-time, e.g. 2026-01-05T09:00:00Z.",
    ],
    [
      "/internal/channels/UCaaaaaaaaaaaaaaaaaaaaaa/videos?since=yesterday",
      400,
      "since must be an ISO 8601 date-time, e.g. 2026-01-05T09:00:00Z.",
    ],
    [
      "/internal/channels/not-a-channel/videos?since=2026-01-05T09:00:00Z",
      400,
      "Please choose a YouTube channel to add.",
    ],
    [
      "/internal/channels/UCnobodyhasthischannel00/videos?since=2026-01-05T09:00:00Z",
      404,
      "We could not find that YouTube channel.",
    ],
    [
      "/internal/channels/videos?since=2026-01-05T09:00:00Z",
      400,
      "ids must be 1 to 50 YouTube channel ids (UC…), separated by commas.",
    ],
    [
      "/internal/channels/videos?ids=UCaaaaaaaaaaaaaaaaaaaaaa",
      400,
      "since must be an ISO 8601 date-time, e.g. 2026-01-05T09:00:00Z.",
    ],
    [
      "/internal/channels/videos?ids=UCaaaaaaaaaaaaaaaaaaaaaa,&since=2026-01-05T09:00:00Z",
      400,
      "ids must be 1 to 50 YouTube channel ids (UC…), separated by commas.",
    ],
    [
      "/internal/channels/videos?ids=UCaaaaaaaaaaaaaaaaaaaaaa,not-a-channel&since=2026-01-05T09:00:00Z",
      400,
      "ids must be 1 to 50 YouTube channel ids (UC…), separated by commas.",
    ],
    [
      `/internal/channels/videos?ids=${Array(51).fill("UCaaaaaaaaaaaaaaaaaaaaaa").join(",")}&since=2026-01-05T09:00:00Z`,
      400,
      "ids must be 1 to 50 YouTube channel ids (UC…), separated by commas.",
    ],
    [
      "/internal/channels/videos?ids=UCaaaaaaaaaaaaaaaaaaaaaa&since=2026-01-05T23:59:60Z",
      400,
      "since must be an ISO 8601 date-time, e.g. 2026-01-05T09:00:00Z.",
    ],
  ])("answers %s with %i", async (url, status, message) => {
    const response = await catalog.app.inject(url);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
  });
});

describe("upload detection between weekly checks", () => {
  let harness: ContextUnderTest;
  const channel = fakeChannel({ title: "Weekly channel" });

  // A fresh schema and clock for each test: checks leave marks (last check, stored videos) later ones read.
  beforeEach(async () => {
    harness = await startContext();
    harness.fake.addChannel(channel);
    for (const hoursAgo of [10, 50, 90, 24 * 30]) harness.fake.addVideo(fakeVideo(channel, { hoursAgo }));
  });
  afterEach(() => harness.stop());

  const storedChannel = async () => {
    const channels = new ChannelRepository(harness.context.db);
    return (
      (await channels.find(channel.id)) ??
      channels.saveDetails(await resolveChannel(harness.context, channel.id), harness.context.now())
    );
  };

  it("returns exactly the videos uploaded since the last check, for 2 units a week", async () => {
    const first = await checkChannelUploads(harness.context, await storedChannel(), cause);
    expect(first.newVideos).toHaveLength(3);

    // A week later, three new uploads (one a Short); the clock moves, the old ones are still listed.
    harness.setNow(new Date(Date.now() + 7 * DAY));
    const added = [
      fakeVideo(channel, { title: "New 1", hoursAgo: -24 * 2 }),
      fakeVideo(channel, { title: "New 2 #shorts", hoursAgo: -24 * 4, duration: "PT58S" }),
      fakeVideo(channel, { title: "New 3", hoursAgo: -24 * 6, duration: "PT25M" }),
    ];
    for (const video of added) harness.fake.addVideo(video);
    harness.fake.resetCalls();

    const second = await checkChannelUploads(harness.context, await storedChannel(), cause);
    expect(second.newVideos.map((video) => video.youtube_video_id)).toEqual(added.map((video) => video.id));
    expect(second.newVideos.map((video) => [video.duration_seconds, video.is_short])).toEqual([
      [600, false],
      [58, true],
      [1500, false],
    ]);
    // The cost in the catalog README's quota table: one uploads page and one videos.list.
    expect(harness.fake.calls).toMatchObject({ playlistItems: 1, videos: 1 });
    expect(harness.fake.unitsSpent).toBe(2);

    // Nothing new: one unit for the uploads page, no videos.list at all.
    harness.fake.resetCalls();
    expect((await checkChannelUploads(harness.context, await storedChannel(), cause)).newVideos).toEqual([]);
    expect(harness.fake.unitsSpent).toBe(1);
  });

  it("reuses a recent check instead of asking again", async () => {
    const first = await checkChannelUploads(harness.context, await storedChannel(), cause);
    expect(first.newVideos).toHaveLength(3);
    harness.context.uploads.refreshAfterSeconds = 3_600;
    harness.setNow(new Date(Date.now() + 59 * 60 * 1000));
    harness.fake.resetCalls();
    const check = await checkChannelUploads(harness.context, await storedChannel(), cause);
    expect(check).toEqual({ newVideos: [], checkedAt: first.checkedAt });
    expect(harness.fake.unitsSpent).toBe(0);
  });

  it("treats a channel without an uploads playlist as having no uploads", async () => {
    const silent = fakeChannel({ title: "Never uploaded" });
    const stored = await new ChannelRepository(harness.context.db).saveDetails(
      { ...silent, description: "", thumbnailUrl: "", subscriberCount: 0, uploadsPlaylistId: null },
      harness.context.now(),
    );
    // The fake does not know this channel, so it answers 404 playlistNotFound as YouTube would.
    const check = await checkChannelUploads(harness.context, stored, cause);
    expect(check.newVideos).toEqual([]);
    expect(harness.fake.requests.at(-1)?.query.get("playlistId")).toBe(`UU${silent.id.slice(2)}`);
  });

  /** Stores a channel of the test's own with `videos` uploaded, as following it would. */
  const storedUploader = async (
    title: string,
    videos: (ch: ReturnType<typeof fakeChannel>) => FakeVideo[],
  ) => {
    const uploader = fakeChannel({ title });
    harness.fake.addChannel(uploader);
    for (const video of videos(uploader)) harness.fake.addVideo(video);
    const stored = await new ChannelRepository(harness.context.db).saveDetails(
      await resolveChannel(harness.context, uploader.id),
      harness.context.now(),
    );
    harness.fake.resetCalls();
    return stored;
  };

  // Mutant: the cutoff as `lastCheck + OVERLAP_MS` rather than `-`, which misses uploads made public late.
  it("finds an upload made public late, published up to two days before the last check", async () => {
    const first = await checkChannelUploads(harness.context, await storedChannel(), cause);
    expect(first.newVideos).toHaveLength(3);
    harness.setNow(new Date(first.checkedAt.getTime() + 7 * DAY));
    const late = fakeVideo(channel, { title: "Public a day late", hoursAgo: 24 });
    const tooLate = fakeVideo(channel, { title: "Public three days late", hoursAgo: 72 });
    harness.fake.addVideo(late);
    harness.fake.addVideo(tooLate);
    const second = await checkChannelUploads(harness.context, await storedChannel(), cause);
    expect(second.newVideos.map((video) => video.youtube_video_id)).toEqual([late.id]);
  });

  // Mutant: `published >= cutoff` as `>`.
  it("counts an upload published exactly at the start of the first check's look-back", async () => {
    const now = new Date("2026-11-09T09:00:00.000Z");
    harness.setNow(now);
    const publishedAt = new Date(now.getTime() - 7 * DAY).toISOString();
    const stored = await storedUploader("Edge channel", (uploader) => [fakeVideo(uploader, { publishedAt })]);
    const check = await checkChannelUploads(harness.context, stored, cause);
    expect(check.newVideos.map((video) => video.published_at.toISOString())).toEqual([publishedAt]);
  });

  // Mutant: `reachedCutoff = true` as `false`, which pages on through uploads older than the cutoff.
  it("stops paging at the first page that reaches back past the cutoff", async () => {
    const stored = await storedUploader("Mostly old channel", (uploader) =>
      Array.from({ length: 70 }, (_, i) => fakeVideo(uploader, { hoursAgo: i < 10 ? 1 + i : 24 * 10 + i })),
    );
    const check = await checkChannelUploads(harness.context, stored, cause);
    expect(check.newVideos).toHaveLength(10);
    expect(harness.fake.calls.playlistItems).toBe(1);
  });

  // Mutants: `page < MAX_PAGES` as `<=`, and `page++` as `page--`.
  it("reads at most 4 pages of uploads, 200 videos, however busy the week", async () => {
    const stored = await storedUploader("Very busy channel", (uploader) =>
      Array.from({ length: 250 }, (_, i) => fakeVideo(uploader, { hoursAgo: 1 + i / 2 })),
    );
    const check = await checkChannelUploads(harness.context, stored, cause);
    expect(check.newVideos).toHaveLength(200);
    expect(harness.fake.calls.playlistItems).toBe(4);
  });

  // Mutants of videos-since.ts: `!isYoutubeFailure(error)` as `false`, and the warning's details and text.
  it("answers stored videos with a warning when YouTube fails, and fails on any other error", async () => {
    const stored = await storedChannel();
    const warnings: [object, string][] = [];
    const failing = (error: Error) => ({
      ...harness.context,
      log: { warn: (details: object, message: string) => warnings.push([details, message]) },
      youtube: () =>
        ({
          uploadsPage: async () => {
            throw error;
          },
        }) as unknown as YoutubeCatalog,
    });
    const since = new Date(0);
    const unavailable = new YoutubeUnavailableError("timeout");
    const answer = await videosSince(failing(unavailable), {
      youtubeChannelId: stored.youtube_channel_id,
      since,
      ...cause,
    });
    expect(answer).toMatchObject({ upToDate: false, checkedAt: null, videos: [] });
    expect(warnings).toEqual([[{ err: unavailable, channel: channel.id }, "answering stored videos only"]]);

    const bug = new Error("a bug");
    await expect(
      videosSince(failing(bug), { youtubeChannelId: stored.youtube_channel_id, since, ...cause }),
    ).rejects.toBe(bug);
  });

  it("pages through a busy week: 50 uploads per page, videos.list in batches of 50", async () => {
    const busy = fakeChannel({ title: "Busy channel" });
    harness.fake.addChannel(busy);
    for (let i = 0; i < 120; i++) harness.fake.addVideo(fakeVideo(busy, { hoursAgo: 1 + i }));
    harness.fake.resetCalls();
    const channels = new ChannelRepository(harness.context.db);
    const stored = await channels.saveDetails(
      await resolveChannel(harness.context, busy.id),
      harness.context.now(),
    );
    const check = await checkChannelUploads(harness.context, stored, cause);
    expect(check.newVideos).toHaveLength(120);
    expect(harness.fake.calls).toMatchObject({ playlistItems: 3, videos: 3 });
    const batches = harness.fake.requests
      .filter((request) => request.endpoint === "videos")
      .map((request) => request.query.getAll("id").length);
    expect(batches).toEqual([50, 50, 20]);
  });
});
