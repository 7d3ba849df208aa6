import {
  type DigestVideo,
  digestOfChannels,
  readVideoSummary,
  rememberingSummaryReader,
  type StoredDigestChannel,
} from "@tubedigest/contracts/digest";
import { describe, expect, it } from "vitest";
import { sampleDigest } from "./sample-template-data.ts";
import { rememberingVideoBlocks, type VideoBlock } from "./video-blocks.ts";

/** A renderer that counts its calls and writes what it was given. */
function countingBlocks() {
  const rendered: string[] = [];
  const block = rememberingVideoBlocks((video: DigestVideo): VideoBlock => {
    rendered.push(video.title);
    const html = `${video.title}|${video.keyPoints.length}`;
    return { html, htmlBytes: html.length, text: html };
  });
  return { rendered, block };
}

const blocksOf = (block: (video: DigestVideo) => VideoBlock, digest: ReturnType<typeof digestOfChannels>) =>
  digest.channels.flatMap((channel) => channel.videos.map(block));

describe("each video's block, rendered once for every reader", () => {
  it("renders a week's videos once for many readers, whatever else their digests hold", () => {
    const read = rememberingSummaryReader(1_000);
    const { rendered, block } = countingBlocks();
    const week = sampleDigest(4, 3);
    const first = blocksOf(block, digestOfChannels(week.channels, week.weekLabel, week.glance, read));
    // Forty more readers, each with two of the four channels, in other orders, under other glances.
    for (let reader = 0; reader < 40; reader++) {
      const channels = [week.channels[reader % 4], week.channels[(reader + 1) % 4]].flatMap(
        (channel) => channel ?? [],
      );
      blocksOf(block, digestOfChannels(channels, week.weekLabel, [], read));
    }
    expect(rendered).toHaveLength(12);
    // The answer for a reader is the block first rendered: the same object, not a copy.
    const again = blocksOf(block, digestOfChannels(week.channels, week.weekLabel, week.glance, read));
    expect(again).toEqual(first);
    expect(again.every((answer, index) => answer === first[index])).toBe(true);
  });

  it("renders a video anew where a reader's digest shows it otherwise", () => {
    const read = rememberingSummaryReader(1_000);
    const { rendered, block } = countingBlocks();
    const [channel] = sampleDigest(1, 2).channels;
    if (!channel) throw new Error("no channel");
    const [earlier, later] = channel.videos;
    if (!earlier || !later) throw new Error("no videos");
    // The later video repeats the earlier one's first point: shown after it, it drops that point.
    const repeated = `${earlier.summaryMarkdown.split("\n")[0]}\n${later.summaryMarkdown}`;
    const both: StoredDigestChannel = {
      title: channel.title,
      videos: [earlier, { ...later, summaryMarkdown: repeated }],
    };
    const alone: StoredDigestChannel = {
      title: channel.title,
      videos: [{ ...later, summaryMarkdown: repeated }],
    };
    const renamed: StoredDigestChannel = {
      title: channel.title,
      videos: [{ ...later, summaryMarkdown: repeated, title: "Renamed since" }],
    };
    const [, shownAfter] = blocksOf(block, digestOfChannels([both], null, [], read));
    const [shownAlone] = blocksOf(block, digestOfChannels([alone], null, [], read));
    const [shownRenamed] = blocksOf(block, digestOfChannels([renamed], null, [], read));
    expect(rendered).toHaveLength(4);
    expect(shownAfter?.html).not.toEqual(shownAlone?.html);
    expect(shownRenamed?.html).toMatch(/^Renamed since\|/);
  });

  it("renders every time a summary not read by a remembering reader", () => {
    const { rendered, block } = countingBlocks();
    const week = sampleDigest(1, 2);
    for (let reader = 0; reader < 3; reader++) {
      blocksOf(block, digestOfChannels(week.channels, week.weekLabel, [], readVideoSummary));
    }
    expect(rendered).toHaveLength(6);
  });
});
