import { describe, expect, it } from "vitest";
import type { SummaryRow } from "../store/summary-repository.ts";
import {
  clockTime,
  DESCRIPTION_BASIS_NOTE,
  markdownText,
  summaryMarkdown,
  videoHeading,
} from "./summary-markdown.ts";

describe("markdownText", () => {
  it.each([
    ["plain words, with commas. And full stops!", "plain words, with commas. And full stops!"],
    ["[click](https://evil.example)", "\\[click\\](https://evil.example)"],
    ["<img src=x onerror=alert(1)>", "\\<img src=x onerror=alert(1)\\>"],
    ["**bold** and _em_ and `code`", "\\*\\*bold\\*\\* and \\_em\\_ and \\`code\\`"],
    ["# a heading", "\\# a heading"],
    ["- a list", "\\- a list"],
    ["1. numbered", "1\\. numbered"],
    ["line one\nline two\r\n\tthree", "line one line two three"],
    ["  padded  ", "padded"],
    ["a \\ backslash | pipe ~ tilde", "a \\\\ backslash \\| pipe \\~ tilde"],
  ])("%j → %j", (input, escaped) => {
    expect(markdownText(input)).toBe(escaped);
  });
});

describe("clockTime", () => {
  it.each([
    [0, "0:00"],
    [5.9, "0:05"],
    [65, "1:05"],
    [3_723, "1:02:03"],
    [-4, "0:00"],
  ])("%d s → %s", (seconds, written) => {
    expect(clockTime(seconds)).toBe(written);
  });
});

const row = (overrides: Partial<SummaryRow>): SummaryRow => ({
  video_id: "dQw4w9WgXcQ",
  version: "test/1",
  status: "ready",
  claimed_by: null,
  lease_until: null,
  attempts: 1,
  key_points: [
    { text: "Thrust comes from pushing mass backwards.", startSeconds: 42 },
    { text: "Nozzles shape the *exhaust*.", startSeconds: null },
  ],
  paragraph: "A short guide.",
  language: "en",
  basis: "transcript",
  model: "test",
  prompt_tokens: 0,
  completion_tokens: 0,
  llm_calls: 0,
  failure_reason: null,
  retry_after: null,
  created_at: new Date(),
  completed_at: new Date(),
  ...overrides,
});

describe("summaryMarkdown", () => {
  it("bolds each key point, links the moment it is said, and ends with the paragraph", () => {
    expect(summaryMarkdown("dQw4w9WgXcQ", row({}))).toBe(
      [
        "- **Thrust comes from pushing mass backwards.** ([0:42](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s))",
        "- **Nozzles shape the \\*exhaust\\*.**",
        "",
        "A short guide.",
      ].join("\n"),
    );
  });

  it("says when a summary rests on the description alone", () => {
    expect(
      summaryMarkdown("dQw4w9WgXcQ", row({ basis: "description" })).endsWith(DESCRIPTION_BASIS_NOTE),
    ).toBe(true);
    expect(summaryMarkdown("dQw4w9WgXcQ", row({})).includes(DESCRIPTION_BASIS_NOTE)).toBe(false);
  });

  it("heads a video with its escaped title linking to its watch page", () => {
    expect(videoHeading("dQw4w9WgXcQ", "Fun [with] <brackets>")).toBe(
      "### [Fun \\[with\\] \\<brackets\\>](https://www.youtube.com/watch?v=dQw4w9WgXcQ)",
    );
  });
});
