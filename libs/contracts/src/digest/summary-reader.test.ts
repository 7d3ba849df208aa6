import { describe, expect, it } from "vitest";
import { digestOfChannels } from "./digest-of-channels.ts";
import { readVideoSummary } from "./read-video-summary.ts";
import { rememberingSummaryReader } from "./summary-reader.ts";

const summary = (point: string) => `- **${point}**\n\nThe paragraph.`;

describe("a reader that remembers the summaries it read", () => {
  it("reads a summary once however many digests hold it, and reads the same as without", () => {
    const read = rememberingSummaryReader(4);
    const first = read(summary("Rockets carry oxidiser"));
    expect(read(summary("Rockets carry oxidiser"))).toBe(first);
    expect(first).toEqual(readVideoSummary(summary("Rockets carry oxidiser")));
  });

  it("reads a summary written again anew: the markdown is the key", () => {
    const read = rememberingSummaryReader(4);
    const before = read(summary("Before"));
    const after = read(summary("After"));
    expect(after).not.toBe(before);
    expect(after.keyPoints[0]?.text).toEqual([{ kind: "text", text: "After" }]);
  });

  it("keeps at most its capacity, the least recently used leaving first", () => {
    const read = rememberingSummaryReader(2);
    const a = read(summary("A"));
    const b = read(summary("B"));
    expect(read(summary("A"))).toBe(a);
    read(summary("C"));
    expect(read(summary("A"))).toBe(a);
    expect(read(summary("B"))).not.toBe(b);
  });

  it("shares answers no caller can change", () => {
    const read = rememberingSummaryReader(2);
    const shared = read(summary("Shared"));
    expect(() => shared.keyPoints.push({ text: [], moment: null })).toThrow(TypeError);
    expect(() => {
      (shared.paragraphs[0] as { note: boolean }).note = true;
    }).toThrow(TypeError);
  });

  it("builds the same digest as reading every summary afresh, repeated points dropped in each", () => {
    const read = rememberingSummaryReader(8);
    const channels = [
      {
        title: "A",
        videos: [
          {
            title: "One",
            url: "https://www.youtube.com/watch?v=aaaaaaaaaa1",
            publishedAt: "2026-11-22T18:00:00.000Z",
            summaryMarkdown: summary("Same"),
          },
          {
            title: "Two",
            url: "https://www.youtube.com/watch?v=aaaaaaaaaa2",
            publishedAt: "2026-11-22T19:00:00.000Z",
            summaryMarkdown: summary("Same"),
          },
        ],
      },
    ];
    const afresh = digestOfChannels(channels, "Week of 23 November 2026");
    expect(digestOfChannels(channels, "Week of 23 November 2026", [], read)).toEqual(afresh);
    expect(digestOfChannels(channels, "Week of 23 November 2026", [], read)).toEqual(afresh);
    expect(afresh.channels[0]?.videos[1]?.keyPoints).toEqual([]);
  });
});
