import { readDigestMarkdown } from "@tubedigest/contracts/digest";
import { describe, expect, it } from "vitest";
import { splitPreview } from "./split-preview.ts";

const digest = (...lines: string[]) => readDigestMarkdown(lines.join("\n\n"));
const titles = (part: ReturnType<typeof digest>) =>
  part.channels.map((channel) => [channel.title, ...channel.videos.map((video) => video.title)]);

describe("splitPreview", () => {
  it("keeps the week, the first channel and its first video readable, and blurs its later videos", () => {
    const split = splitPreview(
      digest("# Week of 23 November 2026", "## Orbit", "### One", "- a", "### Two", "- b"),
    );
    expect(split.readable.title).toBe("Week of 23 November 2026");
    expect(titles(split.readable)).toEqual([["Orbit", "One"]]);
    expect(titles(split.blurred)).toEqual([["Orbit", "Two"]]);
    expect(split.continued).toBe(true);
  });

  it("starts the blur at the next channel when the first has one video", () => {
    const split = splitPreview(digest("# Week", "## Orbit", "### One", "## Kitchen", "### Two"));
    expect(titles(split.blurred)).toEqual([["Kitchen", "Two"]]);
    expect(split.continued).toBe(false);
  });

  it("keeps channels without videos before the first video readable, and blurs nothing when there is no video", () => {
    const quiet = digest("# Week", "## Quiet", "_No new videos this week._", "## Orbit", "### One");
    expect(titles(splitPreview(quiet).readable)).toEqual([["Quiet"], ["Orbit", "One"]]);
    const none = digest("# Week", "## Quiet", "_No new videos this week._");
    expect(splitPreview(none)).toEqual({
      readable: none,
      blurred: { title: null, channels: [] },
      continued: false,
    });
  });
});
