import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeYoutubeApi, startFakeYoutubeApi } from "./fake-youtube-api.ts";

const CHANNEL = { id: "UCUgQ2RdSQEDg0c-29ODtQEX", title: "Rockets & <Orbits>", subscriberCount: 10 };
const feedOf = (fake: FakeYoutubeApi, channelId = CHANNEL.id) =>
  fetch(`${fake.feedUrl}?channel_id=${channelId}`);

describe("the fake YouTube's uploads feed", () => {
  let fake: FakeYoutubeApi;
  beforeEach(async () => {
    fake = await startFakeYoutubeApi();
    fake.addChannel(CHANNEL);
    for (let i = 0; i < 20; i++) {
      const id = `video${String(i).padStart(6, "0")}`;
      const publishedAt = new Date(Date.UTC(2026, 10, 1 + i)).toISOString();
      fake.addVideo({ id, channelId: CHANNEL.id, title: `Part ${i}`, publishedAt, duration: "PT5M" });
    }
  });
  afterEach(() => fake.close());

  it("serves the channel's newest 15 uploads as YouTube's Atom feed, costing no units", async () => {
    const response = await feedOf(fake);
    expect(response.status).toBe(200);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<feed xmlns:yt=/);
    expect(xml).toContain("<title>Rockets &amp; &lt;Orbits&gt;</title>");
    const ids = [...xml.matchAll(/<yt:videoId>([^<]+)<\/yt:videoId>/g)].map((match) => match[1]);
    expect(ids).toHaveLength(15);
    expect(ids[0]).toBe("video000019");
    expect(xml).toContain("<published>2026-11-20T00:00:00+00:00</published>");
    expect(fake.feedRequests).toEqual([CHANNEL.id]);
    expect(fake.unitsSpent).toBe(0);
  });

  it("answers an unknown channel with 404", async () => {
    expect((await feedOf(fake, "UCnobodyhasthischannel00")).status).toBe(404);
  });

  it("fails only when the feed itself is told to", async () => {
    fake.fail("any", { kind: "serverError" });
    expect((await feedOf(fake)).status).toBe(200);
    fake.heal();
    fake.fail("feed", { kind: "serverError" }, 1);
    expect((await feedOf(fake)).status).toBe(500);
    fake.fail("feed", { kind: "malformed" }, 1);
    expect(await (await feedOf(fake)).text()).not.toContain("</feed>");
    expect((await feedOf(fake)).status).toBe(200);
    expect(fake.feedRequests).toHaveLength(4);
    fake.resetCalls();
    expect(fake.feedRequests).toEqual([]);
  });
});
