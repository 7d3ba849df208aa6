import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseUploadsFeed } from "./parse-uploads-feed.ts";
import { UploadsFeedError } from "./uploads-feed.ts";

const CHANNEL = "UCUgQ2RdSQEDg0c-29ODtQEX";

const entry = (videoId: string, published: string, channelId = CHANNEL) => ` <entry>
  <id>yt:video:${videoId}</id>
  <yt:videoId>${videoId}</yt:videoId>
  <yt:channelId>${channelId}</yt:channelId>
  <title>Rockets &amp; engines</title>
  <link rel="alternate" href="https://www.youtube.com/watch?v=${videoId}"/>
  <published>${published}</published>
  <updated>2026-11-23T09:12:44+00:00</updated>
  <media:group><media:title>Rockets &amp; engines</media:title></media:group>
 </entry>
`;

/** The feed as YouTube writes it: the channel's own id without "UC", then the entries, newest first. */
const feed = (entries: string) => `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <link rel="self" href="http://www.youtube.com/feeds/videos.xml?channel_id=${CHANNEL}"/>
 <id>yt:channel:${CHANNEL.slice(2)}</id>
 <yt:channelId>${CHANNEL.slice(2)}</yt:channelId>
 <title>Pocket Orbit</title>
 <published>2015-03-01T12:00:00+00:00</published>
${entries}</feed>
`;

describe("reading a channel's uploads feed", () => {
  it("reads each entry's video id and publish time, in the feed's order", () => {
    const xml = feed(
      entry("UBZkHdEg7-z", "2026-11-22T18:00:00+00:00") + entry("JjfD5QsYgfl", "2026-11-20T07:30:05+01:00"),
    );
    expect(parseUploadsFeed(xml, CHANNEL)).toEqual([
      { videoId: "UBZkHdEg7-z", publishedAt: "2026-11-22T18:00:00.000Z" },
      { videoId: "JjfD5QsYgfl", publishedAt: "2026-11-20T06:30:05.000Z" },
    ]);
  });

  it("answers no entries for a channel without uploads", () => {
    expect(parseUploadsFeed(feed(""), CHANNEL)).toEqual([]);
  });

  it("does not take a longer tag for an entry", () => {
    const xml = feed(`<entryList>nothing</entryList>\n${entry("UBZkHdEg7-z", "2026-11-22T18:00:00+00:00")}`);
    expect(parseUploadsFeed(xml, CHANNEL)).toHaveLength(1);
  });

  it.each([
    ["an empty answer", ""],
    ["an HTML page", "<html><body>Not Found</body></html>"],
    ["JSON", '{"items": []}'],
    ["a cut-short feed", feed(entry("UBZkHdEg7-z", "2026-11-22T18:00:00+00:00")).slice(0, 600)],
    ["an unclosed entry", feed(" <entry><yt:videoId>UBZkHdEg7-z</yt:videoId>\n")],
    ["an entry without an id", feed(entry("", "2026-11-22T18:00:00+00:00"))],
    ["an id of the wrong form", feed(entry("not-an-id-at-all", "2026-11-22T18:00:00+00:00"))],
    ["an entry without a time", feed(entry("UBZkHdEg7-z", ""))],
    ["a time that is no instant", feed(entry("UBZkHdEg7-z", "2026-13-45T99:00:00+00:00"))],
    ["a time without its zone", feed(entry("UBZkHdEg7-z", "2026-11-22T18:00:00"))],
    [
      "an entry of another channel",
      feed(entry("UBZkHdEg7-z", "2026-11-22T18:00:00+00:00", "UCxxxxxxxxxxxxxxxxxxxxxx")),
    ],
    [
      "an entry with two ids",
      feed(
        entry("UBZkHdEg7-z", "2026-11-22T18:00:00+00:00").replace(
          "</entry>",
          "<yt:videoId>JjfD5QsYgfl</yt:videoId></entry>",
        ),
      ),
    ],
  ])("refuses %s", (_, xml) => {
    expect(() => parseUploadsFeed(xml, CHANNEL)).toThrow(UploadsFeedError);
  });

  it("refuses a megabyte of unclosed tags quickly", () => {
    const hostile = `<feed>${"<entry>".repeat(150_000)}</feed>`;
    const started = performance.now();
    expect(() => parseUploadsFeed(hostile, CHANNEL)).toThrow(UploadsFeedError);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("answers any text with entries or an UploadsFeedError, nothing else", () => {
    const pieces = fc.constantFrom(
      "<feed>",
      "</feed>",
      "<entry>",
      "</entry>",
      "<yt:videoId>",
      "</yt:videoId>",
      "UBZkHdEg7-z",
      "<published>",
      "</published>",
      "2026-11-22T18:00:00+00:00",
      `<yt:channelId>${CHANNEL}</yt:channelId>`,
      "<",
      ">",
      "\u0000",
      "\uD800",
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 40 }), (parts) => {
        try {
          for (const found of parseUploadsFeed(parts.join(""), CHANNEL)) {
            expect(found.videoId).toMatch(/^[A-Za-z0-9_-]{11}$/);
            expect(Number.isNaN(Date.parse(found.publishedAt))).toBe(false);
          }
        } catch (error) {
          expect(error).toBeInstanceOf(UploadsFeedError);
        }
      }),
    );
  });
});
