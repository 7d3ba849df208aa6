import { describe, expect, it } from "vitest";
import {
  type ChannelSearchResult,
  formatSubscribers,
  toFollowRequest,
  toSelectedChannel,
} from "./channels.ts";

const result: ChannelSearchResult = {
  id: "UC123",
  snippet: { title: "Pocket Orbit", thumbnails: { default: { url: "https://i.ytimg.com/a.jpg" } } },
  statistics: { subscriberCount: "1840000" },
};

describe("channels", () => {
  it("turns a search result into the registration shape, with '' for a missing description", () => {
    expect(toSelectedChannel(result)).toEqual({
      youtubeId: "UC123",
      title: "Pocket Orbit",
      description: "",
      thumbnailUrl: "https://i.ytimg.com/a.jpg",
      subscriberCount: 1840000,
    });
  });

  it("turns a search result into the body that adds it to an account", () => {
    expect(toFollowRequest(result)).toMatchObject({ youtubeChannelId: "UC123", subscriberCount: 1840000 });
  });

  it("reads an unparsable count as 0", () => {
    const odd = { ...result, statistics: { subscriberCount: "hidden" } };
    expect(toSelectedChannel(odd).subscriberCount).toBe(0);
  });

  it("shows subscriber counts compactly", () => {
    expect(formatSubscribers(1840000)).toBe("1.8M subscribers");
    expect(formatSubscribers(1)).toBe("1 subscriber");
  });
});
