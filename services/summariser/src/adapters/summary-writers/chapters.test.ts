import { describe, expect, it } from "vitest";
import { byChapter, chaptersOf } from "./chapters.ts";

describe("a video's chapters from its description", () => {
  it("reads the times YouTube reads, in their usual spellings, titles tidied", () => {
    const description = [
      "All about sauces. Links below.",
      "",
      "0:00 Intro",
      "- 01:15 - The roux",
      "[12:30] Béchamel  and  friends",
      "(1:02:03) Questions",
      "Pan sauces — 1:10:00",
      "https://example.com/shop",
    ].join("\n");
    expect(chaptersOf(description, 5_000)).toEqual([
      { title: "Intro", startSeconds: 0 },
      { title: "The roux", startSeconds: 75 },
      { title: "Béchamel and friends", startSeconds: 750 },
      { title: "Questions", startSeconds: 3_723 },
      { title: "Pan sauces", startSeconds: 4_200 },
    ]);
  });

  it.each([
    ["fewer than three", "0:00 Intro\n5:00 Outro"],
    ["a first chapter after 0:00", "0:05 Intro\n5:00 Middle\n9:00 Outro"],
    ["times out of order", "0:00 Intro\n9:00 Middle\n5:00 Outro"],
    ["a chapter under ten seconds", "0:00 Intro\n0:05 Blink\n5:00 Outro"],
    ["a last chapter past the end", "0:00 Intro\n5:00 Middle\n9:55 Outro"],
    ["impossible times", "0:00 Intro\n5:75 Middle\n9:00 Outro"],
  ])("finds none with %s", (_, description) => {
    expect(chaptersOf(description, 600)).toEqual([]);
  });

  it("puts items under the chapter they fall in", () => {
    const chapters = [
      { title: "A", startSeconds: 0 },
      { title: "B", startSeconds: 60 },
      { title: "C", startSeconds: 120 },
    ];
    const items = [0, 59, 60, 200].map((startSeconds) => ({ startSeconds }));
    expect(byChapter(items, chapters)).toEqual([
      [{ startSeconds: 0 }, { startSeconds: 59 }],
      [{ startSeconds: 60 }],
      [{ startSeconds: 200 }],
    ]);
  });
});
