import { describe, expect, it } from "vitest";
import { readChannels, readSearchChannelIds, readUploadsPage, readVideos } from "./parse-youtube.ts";
import { YoutubeUnavailableError } from "./youtube-catalog.ts";

describe("reading Data API answers", () => {
  it("refuses an answer that is not a list of items", () => {
    for (const data of ["<html>proxy error</html>", null, 42, { items: "nope" }]) {
      expect(() => readChannels(data)).toThrow(YoutubeUnavailableError);
    }
  });

  it("treats channels.list without items as no match", () => {
    expect(readChannels({ kind: "youtube#channelListResponse", pageInfo: { totalResults: 0 } })).toEqual([]);
  });

  it("reads a channel, hidden subscriber counts as null", () => {
    const [channel] = readChannels({
      items: [
        {
          id: "UC1",
          snippet: { title: "T", description: "D", thumbnails: { default: { url: "https://x/1.jpg" } } },
          statistics: { hiddenSubscriberCount: true },
          contentDetails: { relatedPlaylists: { uploads: "UU1" } },
        },
      ],
    });
    expect(channel).toEqual({
      id: "UC1",
      title: "T",
      description: "D",
      thumbnailUrl: "https://x/1.jpg",
      subscriberCount: null,
      uploadsPlaylistId: "UU1",
    });
  });

  it("skips items it cannot use", () => {
    expect(
      readSearchChannelIds({
        items: [{ id: { kind: "youtube#video", videoId: "v" } }, { id: { channelId: "UC2" } }],
      }),
    ).toEqual(["UC2"]);
    expect(
      readUploadsPage({ items: [{ contentDetails: { videoId: "v1" } }, {}], nextPageToken: "p2" }),
    ).toEqual({
      entries: [{ videoId: "v1", publishedAt: null }],
      nextPageToken: "p2",
    });
    expect(
      readVideos({
        items: [{ id: "v1", snippet: { title: "x", publishedAt: "not a date", channelId: "UC1" } }],
      }),
    ).toEqual([]);
  });

  it("reads an unknown liveBroadcastContent as none", () => {
    const [video] = readVideos({
      items: [
        {
          id: "v1",
          snippet: {
            title: "x",
            publishedAt: "2026-01-01T00:00:00Z",
            channelId: "UC1",
            liveBroadcastContent: "weird",
          },
          contentDetails: { duration: "PT1M" },
        },
      ],
    });
    expect(video?.liveBroadcastContent).toBe("none");
    expect(video?.duration).toBe("PT1M");
  });
});
