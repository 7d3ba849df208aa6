import { describe, expect, it } from "vitest";
import { createDemoYoutubeCatalog } from "./demo-youtube-catalog.ts";

const POCKET_ORBIT = "UCUgQ2RdSQEDg0c-29ODtQEX";
const HOUR_MS = 3_600_000;

describe("the demo catalog's uploads over time", () => {
  it("keeps an upload due after start-up out of sight until the clock passes it, then lists and describes it", async () => {
    const loadedAt = Date.parse("2026-11-23T09:00:00Z");
    let now = loadedAt;
    const demo = createDemoYoutubeCatalog(() => new Date(now));
    const uploads = async () =>
      (await demo.uploadsPage(`UU${POCKET_ORBIT.slice(2)}`)).entries.map((entry) => entry.publishedAt ?? "");

    const atStart = await uploads();
    expect(atStart.every((at) => Date.parse(at) <= loadedAt)).toBe(true);

    now = loadedAt + 24 * HOUR_MS;
    const dayLater = await uploads();
    const fresh = dayLater.filter((at) => Date.parse(at) > loadedAt);
    expect(fresh).toHaveLength(1);
    expect(dayLater.slice(1)).toEqual(atStart);

    const [newest] = (await demo.uploadsPage(`UU${POCKET_ORBIT.slice(2)}`)).entries;
    now = loadedAt;
    expect(await demo.videosByIds([newest?.videoId ?? ""])).toEqual([]);
    now = loadedAt + 24 * HOUR_MS;
    expect(await demo.videosByIds([newest?.videoId ?? ""])).toEqual([
      expect.objectContaining({ channelId: POCKET_ORBIT, liveBroadcastContent: "none" }),
    ]);
    // Three days on, each day has brought one.
    now = loadedAt + 72 * HOUR_MS;
    expect((await uploads()).filter((at) => Date.parse(at) > loadedAt)).toHaveLength(3);
  });
});
