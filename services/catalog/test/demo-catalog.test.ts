import { randomUUID } from "node:crypto";
import type { ServiceApp } from "@tubedigest/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import demoCatalog from "../src/demo/demo-catalog.json" with { type: "json" };
import { asUser, startEmbeddedCatalog } from "./support/catalog-harness.ts";

describe("the embedded product without a YouTube key: demo catalog, PGlite, memory cache", () => {
  let embedded: { app: ServiceApp; stop(): Promise<void> };
  beforeAll(async () => {
    embedded = await startEmbeddedCatalog();
  });
  afterAll(() => embedded.stop());

  it("ships made-up channels with ids of YouTube's form", () => {
    expect(demoCatalog.notice).toMatch(/^DEMO DATA/);
    expect(demoCatalog.channels.length).toBeGreaterThanOrEqual(24);
    for (const channel of demoCatalog.channels) {
      expect(channel.id).toMatch(/^UC[A-Za-z0-9_-]{22}$/);
      expect(channel.thumbnailUrl).toMatch(/^data:image\/svg\+xml,/);
      for (const video of channel.videos) expect(video.id).toMatch(/^[A-Za-z0-9_-]{11}$/);
    }
  });

  it("searches, follows and lists uploads with no network", async () => {
    const search = await embedded.app.inject("/api/youtube/search?query=baking");
    expect(search.statusCode).toBe(200);
    const [first] = search.json() as { id: string; snippet: { title: string } }[];
    expect(first?.snippet.title).toBe("Rise and Crumb Bakery");

    const user = randomUUID();
    const added = await embedded.app.inject({
      method: "POST",
      url: "/api/user/channels",
      headers: asUser(user),
      payload: { youtubeChannelId: first?.id },
    });
    expect(added.statusCode).toBe(201);

    const since = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000).toISOString();
    const videos = await embedded.app.inject(`/internal/channels/${first?.id}/videos?since=${since}`);
    expect(videos.statusCode).toBe(200);
    const body = videos.json() as { videos: { isShort: boolean; liveStatus: string }[] };
    expect(body.videos.length).toBeGreaterThan(3);
    expect(body.videos.some((video) => video.isShort)).toBe(true);
  });

  it("resolves a demo @handle and sorts by subscribers", async () => {
    const byHandle = await embedded.app.inject("/api/youtube/search?query=%40pocketorbit");
    expect(byHandle.json()).toMatchObject([{ snippet: { title: "Pocket Orbit" } }]);
    const results = (await embedded.app.inject("/api/youtube/search?query=demo%20channel")).json() as {
      statistics: { subscriberCount: string };
    }[];
    const counts = results.map((result) => Number(result.statistics.subscriberCount));
    // Several different counts, or the order would prove nothing.
    expect(new Set(counts).size).toBeGreaterThan(2);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });
});
