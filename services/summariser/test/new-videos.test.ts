import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  SummaryFailedError,
  WriterUnavailableError,
} from "../src/adapters/summary-writers/summary-writer.ts";
import { catalogStandIn } from "./support/catalog-stand-in.ts";
import { channelId, type DigestEvents, digestEvents } from "./support/digest-events.ts";
import { type SummariserUnderTest, startSummariser } from "./support/summariser-harness.ts";
import { controlledWriter } from "./support/test-writers.ts";

const FOLLOWED = channelId("w");
const NOBODYS = channelId("z");

describe("video.published: a followed channel's new video is summarised through the week (Postgres, RabbitMQ)", () => {
  const catalog = catalogStandIn([
    { id: "weekvideo01", channelId: FOLLOWED, title: "Tuesday's upload", hoursAgo: 1 },
    { id: "weekvideo02", channelId: FOLLOWED, title: "Wednesday's upload", hoursAgo: 1 },
    { id: "nobodys0001", channelId: NOBODYS, title: "Unfollowed upload", hoursAgo: 1 },
  ]);
  const control = controlledWriter();
  let summariser: SummariserUnderTest;
  let events: DigestEvents;

  beforeAll(async () => {
    summariser = await startSummariser({ writer: control.writer, catalog: catalog.client });
    events = digestEvents(summariser.testBus.bus, summariser.database.db);
    await events.follow(randomUUID(), FOLLOWED, "Weekly Channel");
    await events.follow(randomUUID(), NOBODYS, "Left Channel", new Date("2026-11-01T00:00:00Z"));
    const leaver = randomUUID();
    await events.follow(leaver, NOBODYS, "Left Channel", new Date("2026-11-01T00:00:00Z"));
    await events.applied();
  });
  afterAll(() => summariser.stop());
  afterEach(() => {
    control.failWith(undefined);
    catalog.setDown(false);
  });

  const published = (youtubeVideoId: string, youtubeChannelId: string) =>
    summariser.testBus.bus.publish(
      "video.published",
      {
        youtubeVideoId,
        youtubeChannelId,
        title: "An upload",
        publishedAt: new Date().toISOString(),
        durationSeconds: 600,
      },
      { correlationId: "test" },
    );
  const summary = (videoId: string) =>
    summariser.database.db
      .selectFrom("summaries")
      .select(["status", "failure_reason"])
      .where("video_id", "=", videoId)
      .executeTakeFirst();

  it("summarises it once, however often it is announced", async () => {
    await published("weekvideo01", FOLLOWED);
    await published("weekvideo01", FOLLOWED);
    await expect.poll(() => summary("weekvideo01"), { timeout: 10_000 }).toMatchObject({ status: "ready" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(control.writes.filter((id) => id === "weekvideo01")).toHaveLength(1);
  });

  it("leaves a channel nobody follows any more alone", async () => {
    const described = catalog.calls.describeVideo;
    // Every follower of NOBODYS unfollows it.
    const rows = await summariser.database.db
      .selectFrom("follows")
      .select("user_id")
      .where("youtube_channel_id", "=", NOBODYS)
      .execute();
    for (const row of rows) await events.unfollow(row.user_id, NOBODYS, "Left Channel");
    await events.applied();
    await published("nobodys0001", NOBODYS);
    await published("weekvideo02", FOLLOWED);
    await expect.poll(() => summary("weekvideo02"), { timeout: 10_000 }).toMatchObject({ status: "ready" });
    expect(await summary("nobodys0001")).toBeUndefined();
    expect(control.writes).not.toContain("nobodys0001");
    expect(catalog.calls.describeVideo - described).toBe(1);
  });

  /** The dead letters of video.published about `videoId`: each with the reason and tries of its last handling. */
  const deadLettered = async (videoId: string) => {
    const letters = await Promise.all(
      summariser.testBus.consumingQueues().map((queue) => summariser.testBus.bus.deadLetters.list(queue)),
    );
    return letters
      .flat()
      .filter((letter) => letter.routingKey === "video.published" && letter.body.includes(videoId))
      .map((letter) => ({ reason: letter.reason, attempts: letter.attempts }));
  };

  it("stores an outage as a failure to try again soon, and gives the event back to the bus, which keeps it after its last try", async () => {
    catalog.add({ id: "weekvideo03", channelId: FOLLOWED, title: "During the outage", hoursAgo: 1 });
    control.failWith(() => new WriterUnavailableError("the model is down"));
    await published("weekvideo03", FOLLOWED);
    await expect
      .poll(() => summary("weekvideo03"), { timeout: 10_000 })
      .toEqual({ status: "failed", failure_reason: "The summary could not be written just now." });
    // The bus's three tries (the test bus waits 50 and 100 ms between them), the last one's error kept.
    await expect
      .poll(() => deadLettered("weekvideo03"), { timeout: 10_000 })
      .toEqual([
        {
          reason:
            "handler failed 3 times; last error: summary of weekvideo03 not made yet: The summary could not be written just now.",
          attempts: 3,
        },
      ]);
  });

  /** When a failed summary is tried again, in seconds from now. */
  const retryIn = async (videoId: string) => {
    const row = await summariser.database.db
      .selectFrom("summaries")
      .select("retry_after")
      .where("video_id", "=", videoId)
      .executeTakeFirstOrThrow();
    return ((row.retry_after?.getTime() ?? 0) - Date.now()) / 1000;
  };

  it("stores catalog's outage, naming it, to try again in half a minute", async () => {
    catalog.add({ id: "weekvideo04", channelId: FOLLOWED, title: "While catalog is down", hoursAgo: 1 });
    catalog.setDown(true);
    await published("weekvideo04", FOLLOWED);
    await expect
      .poll(() => summary("weekvideo04"), { timeout: 10_000 })
      .toEqual({ status: "failed", failure_reason: "The catalog service did not answer." });
    const seconds = await retryIn("weekvideo04");
    expect(seconds).toBeGreaterThan(20);
    expect(seconds).toBeLessThanOrEqual(30);
  });

  it("stores the video's own failure, in the model's words or as a video YouTube does not know, to try again in a day", async () => {
    catalog.add({ id: "weekvideo05", channelId: FOLLOWED, title: "Cannot be summarised", hoursAgo: 1 });
    control.failWith(() => new SummaryFailedError("The model kept answering in the wrong shape."));
    await published("weekvideo05", FOLLOWED);
    // Announced but unknown to catalog by the time it is summarised.
    await published("gonevideo01", FOLLOWED);
    await expect
      .poll(() => summary("weekvideo05"), { timeout: 10_000 })
      .toEqual({ status: "failed", failure_reason: "The model kept answering in the wrong shape." });
    await expect
      .poll(() => summary("gonevideo01"), { timeout: 10_000 })
      .toEqual({ status: "failed", failure_reason: "YouTube does not know this video." });
    // Long enough for the bus's tries (50 and 100 ms apart) to have ended in a dead letter, had it any.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const videoId of ["weekvideo05", "gonevideo01"]) {
      const hours = (await retryIn(videoId)) / 3600;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);
      // Handled: no try of the bus would change it.
      expect(await deadLettered(videoId)).toEqual([]);
    }
    expect(await deadLettered("nobodys0001")).toEqual([]);
    expect(await deadLettered("weekvideo01")).toEqual([]);
  });
});
