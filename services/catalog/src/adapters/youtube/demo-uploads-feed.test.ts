import { describe, expect, it } from "vitest";
import { createDemoUploadsFeed } from "./demo-uploads-feed.ts";
import { createDemoYoutubeCatalog } from "./demo-youtube-catalog.ts";

describe("the demo catalog's uploads feed", () => {
  it("lists a demo channel's newest uploads, at most 15, as the Data API's uploads page does", async () => {
    const demo = createDemoYoutubeCatalog(() => new Date("2026-11-23T09:00:00Z"));
    const channelId = "UCUgQ2RdSQEDg0c-29ODtQEX";
    const entries = await createDemoUploadsFeed(demo).latestUploads(channelId);
    const page = await demo.uploadsPage(`UU${channelId.slice(2)}`);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.length).toBeLessThanOrEqual(15);
    expect(entries).toEqual(page.entries.slice(0, entries.length));
  });

  it("lists nothing for a channel the demo does not have", async () => {
    const feed = createDemoUploadsFeed(createDemoYoutubeCatalog());
    expect(await feed.latestUploads("UCnobodyhasthischannel00")).toEqual([]);
  });
});
