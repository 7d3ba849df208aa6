import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CatalogUnderTest, startCatalog } from "./support/catalog-harness.ts";
import { fakeChannel, fakeVideo } from "./support/youtube-fixtures.ts";

describe("one video's description, for the summariser (fake Data API, Postgres)", () => {
  let catalog: CatalogUnderTest;
  const channel = fakeChannel({ title: "Described channel" });
  const regular = fakeVideo(channel, { title: "A long talk", hoursAgo: 5, duration: "PT1H2M3S" });
  const live = fakeVideo(channel, {
    title: "On air",
    hoursAgo: 1,
    duration: "P0D",
    liveBroadcastContent: "live",
  });
  const short = fakeVideo(channel, { title: "Quick", hoursAgo: 2, duration: "PT40S" });

  beforeAll(async () => {
    catalog = await startCatalog();
    catalog.fake.addChannel(channel);
    for (const video of [regular, live, short])
      catalog.fake.addVideo({
        ...video,
        description: "What it is about.",
        ...(video === regular ? { defaultAudioLanguage: "pt-BR" } : {}),
      });
  });
  afterAll(() => catalog.stop());

  const describeVideo = (id: string) => catalog.app.inject(`/internal/videos/${id}`);

  it("answers title, description, length, kind and the language spoken, for one unit", async () => {
    catalog.fake.resetCalls();
    const reply = await describeVideo(regular.id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      youtubeVideoId: regular.id,
      youtubeChannelId: channel.id,
      title: "A long talk",
      description: "What it is about.",
      publishedAt: regular.publishedAt,
      durationSeconds: 3723,
      thumbnailUrl: expect.any(String),
      isShort: false,
      liveStatus: "none",
      language: "pt-BR",
    });
    expect(catalog.fake.calls.videos).toBe(1);
    expect(catalog.fake.unitsSpent).toBe(1);
  });

  it("gives a live stream no length, and flags a Short", async () => {
    expect((await describeVideo(live.id)).json()).toMatchObject({
      liveStatus: "live",
      durationSeconds: null,
      language: null,
    });
    expect((await describeVideo(short.id)).json()).toMatchObject({ isShort: true, durationSeconds: 40 });
  });

  it("answers an unknown video 404 and a malformed id 400, each with a message", async () => {
    const unknown = await describeVideo("zzzzzzzzzzz");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/could not find that video/);
    for (const id of ["short", "twelve-chars", "%00aaaaaaaaaa"]) {
      const reply = await describeVideo(id);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toMatch(/11 letters/);
    }
  });

  it("answers YouTube's outage as a 503 saying to try again", async () => {
    catalog.fake.fail("videos", { kind: "serverError" });
    const reply = await describeVideo(regular.id);
    catalog.fake.heal();
    expect(reply.statusCode).toBe(503);
    expect(reply.json().message).toMatch(/try again/);
  });
});
