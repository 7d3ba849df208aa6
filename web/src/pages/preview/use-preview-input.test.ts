import { describe, expect, it } from "vitest";
import { channelFromLink } from "./use-preview-input.ts";

describe("channelFromLink", () => {
  const id = `UC${"a".repeat(21)}-`;

  it("takes the channel an e-mail's link back names, its title left to the server", () => {
    expect(channelFromLink(`channel=${id}`)).toEqual({
      id,
      snippet: { title: id, thumbnails: { default: { url: "" } } },
      statistics: { subscriberCount: "0" },
    });
  });

  it.each([
    ["no channel", ""],
    ["an empty one", "channel="],
    ["something other than a YouTube channel id", "channel=UCshort"],
    ["markup", `channel=${encodeURIComponent(`<img src=x onerror=alert(1)>${id}`)}`],
    ["an id with more after it", `channel=${id}x`],
  ])("names none for %s", (_, search) => {
    expect(channelFromLink(search)).toBeNull();
  });
});
