import { describe, expect, it } from "vitest";
import type { Transcript } from "../transcripts/transcript-source.ts";
import { groundedSummary } from "./grounding.ts";
import type { WrittenSummary } from "./summary-writer.ts";

const transcript: Transcript = {
  language: "en",
  kind: "automatic",
  segments: [
    { startSeconds: 0, text: "Welcome back to the kitchen." },
    { startSeconds: 60, text: "Sear the steak in a very hot cast iron pan for two minutes per side." },
    { startSeconds: 300, text: "Pour in white wine and scrape the browned bits off the bottom." },
    { startSeconds: 600, text: "Let the sauce simmer until it coats a spoon." },
  ],
};

const summary = (points: [string, number | null][], language = "en"): WrittenSummary => ({
  keyPoints: points.map(([text, startSeconds]) => ({ text, startSeconds })),
  paragraph: "A steak and its pan sauce.",
  language,
  basis: "transcript",
  model: "test",
  usage: { promptTokens: 0, completionTokens: 0, calls: 0 },
});

describe("grounding key points in the transcript at their moment", () => {
  it("keeps points the words around their moment support, inflections and accents aside", () => {
    const { summary: kept, dropped } = groundedSummary(
      summary([
        ["Searing steaks in a hot cast-iron pan", 60],
        ["Deglaze with white wine, scraping the browned bits", 305],
        ["Simmered sauces coat spoons", 600],
        ["A point drawing on the whole video", null],
      ]),
      transcript,
    );
    expect(dropped).toBe(0);
    expect(kept.keyPoints).toHaveLength(4);
  });

  it("drops a point whose moment says something else, or lies past the transcript, and counts them", () => {
    const { summary: kept, dropped } = groundedSummary(
      summary([
        ["Sear the steak in a hot pan", 60],
        ["Sear the steak in a hot pan", 600],
        ["The chef recommends a Bordeaux", 300],
        ["Let the sauce simmer", 9_000],
      ]),
      transcript,
    );
    expect(kept.keyPoints.map((point) => point.startSeconds)).toEqual([60]);
    expect(dropped).toBe(3);
  });

  it("checks a chapter's points as well", () => {
    const written = {
      ...summary([]),
      sections: [
        {
          title: "Sauce",
          startSeconds: 300,
          keyPoints: [{ text: "Add cream and butter", startSeconds: 300 }],
        },
      ],
    };
    const { summary: kept, dropped } = groundedSummary(written, transcript);
    expect(kept.sections?.[0]?.keyPoints).toEqual([]);
    expect(dropped).toBe(1);
  });

  it("checks only that a translated point's moment is in the transcript, as words cannot be compared", () => {
    const { summary: kept, dropped } = groundedSummary(
      summary(
        [
          ["Das Steak scharf anbraten", 60],
          ["Erfundener Moment", 9_000],
        ],
        "de",
      ),
      transcript,
    );
    expect(kept.keyPoints.map((point) => point.text)).toEqual(["Das Steak scharf anbraten"]);
    expect(dropped).toBe(1);
  });

  it("leaves a summary of the description as it is", () => {
    const written = { ...summary([["Anything", 42]]), basis: "description" as const };
    expect(groundedSummary(written, transcript)).toEqual({ summary: written, dropped: 0 });
  });
});
