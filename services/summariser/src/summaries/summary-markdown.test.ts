import { readVideoSummary } from "@tubedigest/contracts/digest";
import { describe, expect, it } from "vitest";
import { readySummaryRow } from "../../test/support/summary-row.ts";
import type { SummaryRow } from "../store/summary-repository.ts";
import { clockTime, markdownText, summaryMarkdown, videoHeading } from "./summary-markdown.ts";

describe("markdownText", () => {
  it.each([
    ["plain words, with commas. And full stops!", "plain words, with commas. And full stops!"],
    ["[click](https://evil.example)", "\\[click\\](https://evil.example)"],
    ["<img src=x onerror=alert(1)>", "\\<img src=x onerror=alert(1)\\>"],
    ["**bold** and _em_ and `code`", "\\*\\*bold\\*\\* and \\_em\\_ and \\`code\\`"],
    ["# a heading", "\\# a heading"],
    ["- a list", "\\- a list"],
    ["1. numbered", "1\\. numbered"],
    ["12) Monkeys", "12\\) Monkeys"],
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

const row = (overrides: Partial<SummaryRow>): SummaryRow =>
  readySummaryRow({
    key_points: [
      { text: "Thrust comes from pushing mass backwards.", startSeconds: 42 },
      { text: "Nozzles shape the *exhaust*.", startSeconds: null },
    ],
    paragraph: "A short guide.",
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
    expect(summaryMarkdown("dQw4w9WgXcQ", row({ basis: "description" }))).toMatch(
      /\n\n_Source: the title and description only\._$/,
    );
    expect(summaryMarkdown("dQw4w9WgXcQ", row({}))).not.toContain("Source:");
  });

  it("notes where the words came from and their language, and a translation, as the digest reader reads it", () => {
    const fromAudio = summaryMarkdown(
      "dQw4w9WgXcQ",
      row({ transcript_kind: "speech-to-text", transcript_language: "es" }),
    );
    expect(fromAudio).toMatch(/\n\n_Source: speech-to-text of the audio in Spanish\._$/);
    expect(readVideoSummary(fromAudio).source).toEqual({
      origin: "speech-to-text",
      language: "Spanish",
      translatedInto: null,
    });
    const translated = summaryMarkdown(
      "dQw4w9WgXcQ",
      row({ transcript_kind: "automatic", transcript_language: "en", language: "de", translated_from: "en" }),
    );
    expect(readVideoSummary(translated).source).toEqual({
      origin: "automatic-captions",
      language: "English",
      translatedInto: "German",
    });
    expect(readVideoSummary(translated).paragraphs.map((paragraph) => paragraph.note)).toEqual([false]);
  });

  it("writes a long video's chapters as sections with their moments and points", () => {
    const markdown = summaryMarkdown(
      "dQw4w9WgXcQ",
      row({
        transcript_kind: "manual",
        transcript_language: "en",
        sections: [
          { title: "Intro [1]", startSeconds: 0, keyPoints: [{ text: "Why rockets.", startSeconds: 12 }] },
          { title: "Nozzles", startSeconds: 3_725, keyPoints: [] },
        ],
      }),
    );
    expect(markdown).toContain(
      "#### Intro \\[1\\] ([0:00](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=0s))\n- **Why rockets.** ([0:12](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=12s))",
    );
    const read = readVideoSummary(markdown);
    expect(read.keyPoints).toHaveLength(2);
    expect(
      read.sections?.map((section) => [section.title, section.moment?.label, section.keyPoints.length]),
    ).toEqual([
      ["Intro [1]", "0:00", 1],
      ["Nozzles", "1:02:05", 0],
    ]);
    expect(read.source?.origin).toBe("manual-captions");
  });

  it("leaves no blank lines for what a summary does not have: a paragraph, key points, a chapter's points", () => {
    expect(summaryMarkdown("dQw4w9WgXcQ", row({ paragraph: "" }))).toBe(
      [
        "- **Thrust comes from pushing mass backwards.** ([0:42](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s))",
        "- **Nozzles shape the \\*exhaust\\*.**",
      ].join("\n"),
    );
    expect(summaryMarkdown("dQw4w9WgXcQ", row({ key_points: null, paragraph: null }))).toBe("");
    expect(
      summaryMarkdown(
        "dQw4w9WgXcQ",
        row({
          key_points: [],
          paragraph: null,
          sections: [{ title: "Nozzles", startSeconds: 65, keyPoints: [] }],
        }),
      ),
    ).toBe("#### Nozzles ([1:05](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=65s))");
  });

  it("heads a video with its escaped title linking to its watch page", () => {
    expect(videoHeading("dQw4w9WgXcQ", "Fun [with] <brackets>")).toBe(
      "### [Fun \\[with\\] \\<brackets\\>](https://www.youtube.com/watch?v=dQw4w9WgXcQ)",
    );
  });
});
