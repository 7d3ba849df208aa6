import { describe, expect, it } from "vitest";
import { digestCounts } from "./digest-counts.ts";
import { digestSubject } from "./digest-subject.ts";
import { readDigestMarkdown } from "./read-digest-markdown.ts";

describe("a digest's subject line", () => {
  it("names the week and up to two channels, then how many more", () => {
    expect(digestSubject("23 November", ["Pocket Orbit"])).toBe("Your week of 23 November: Pocket Orbit");
    expect(digestSubject("23 November", ["Pocket Orbit", "Copper Pan"])).toBe(
      "Your week of 23 November: Pocket Orbit and Copper Pan",
    );
    expect(digestSubject("23 November", ["A", "B", "C", "D", "E"])).toBe(
      "Your week of 23 November: A, B and 3 more",
    );
  });

  it("keeps long titles short and on one line, and names the week alone when no channel has a title", () => {
    const long = `${"Very long channel name ".repeat(5)}\nsecond line`;
    const subject = digestSubject("23 November", [long]);
    expect(subject).toMatch(/^Your week of 23 November: Very long channel name .*…$/);
    expect(subject.length).toBeLessThan(90);
    expect(digestSubject("23 November", [])).toBe("Your week of 23 November");
  });

  it("names a daily digest by its day", () => {
    expect(digestSubject("Sunday, 6 December", ["Pocket Orbit", "Copper Pan"], "day")).toBe(
      "Your Sunday, 6 December: Pocket Orbit and Copper Pan",
    );
    expect(digestSubject("Sunday, 6 December", [], "day")).toBe("Your Sunday, 6 December");
  });
});

describe("a digest's counts", () => {
  it("counts the videos and the channels that have any", () => {
    const digest = readDigestMarkdown("## A\n\n### One\n\n### Two\n\n## Quiet\n\n## B\n\n### Three");
    expect(digestCounts(digest)).toBe("3 new videos from 2 channels");
    expect(digestCounts(readDigestMarkdown("## A\n\n### One"))).toBe("1 new video from 1 channel");
    expect(digestCounts(readDigestMarkdown("## Quiet"))).toBe("no new videos");
  });
});
