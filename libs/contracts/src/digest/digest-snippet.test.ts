import { describe, expect, it } from "vitest";
import { digestSnippet } from "./digest-snippet.ts";
import { readDigestMarkdown } from "./read-digest-markdown.ts";

describe("a newsletter's snippet in the history", () => {
  const markdown = [
    "# Week of 23 November 2026",
    "## Pocket Orbit",
    "### [Rocket engines\\: a guide](https://www.youtube.com/watch?v=UBZkHdEg7-z)",
    "- **A rocket carries its own oxidiser\\.** ([1:48](https://www.youtube.com/watch?v=UBZkHdEg7-z&t=108s))",
    `${"Liquid engines pump fuel. ".repeat(12)}`,
  ].join("\n\n");

  it("is plain text in reading order, with no markdown left", () => {
    const snippet = digestSnippet(readDigestMarkdown(markdown));
    expect(
      snippet.startsWith("Pocket Orbit: Rocket engines: a guide — A rocket carries its own oxidiser."),
    ).toBe(true);
    expect(snippet).not.toMatch(/[#*[\]\\]|\]\(/);
  });

  it("is cut between words within 200 characters, with an ellipsis", () => {
    const snippet = digestSnippet(readDigestMarkdown(markdown));
    expect(snippet).toMatch(/ Liquid engines pump…$/);
    expect(snippet.length).toBeLessThanOrEqual(201);
    expect(snippet.length).toBeGreaterThan(180);
    expect(digestSnippet(readDigestMarkdown(`## ${"a".repeat(300)}`))).toBe(`${"a".repeat(200)}…`);
    expect(digestSnippet(readDigestMarkdown("## A\n\n### B\n\nShort."))).toBe("A: B — Short.");
  });
});
