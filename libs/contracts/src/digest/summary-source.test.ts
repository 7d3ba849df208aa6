import { describe, expect, it } from "vitest";
import {
  languageName,
  readSummarySource,
  type SummaryOrigin,
  type SummarySource,
  summarySourceLabel,
  summarySourceNote,
} from "./summary-source.ts";

const ORIGINS: SummaryOrigin[] = [
  "manual-captions",
  "automatic-captions",
  "transcript-api",
  "speech-to-text",
  "description",
];

describe("the note on a summary's source", () => {
  it.each(ORIGINS)("reads back what it wrote for %s, in every language the runtime names", (origin) => {
    for (const code of ["en", "pt-BR", "zh-TW", "de"]) {
      const language = origin === "description" ? null : languageName(code);
      const source: SummarySource = { origin, language, translatedInto: code === "de" ? null : "German" };
      expect(readSummarySource(summarySourceNote(source))).toEqual(source);
    }
  });

  it("says it in a few words", () => {
    expect(
      summarySourceLabel({ origin: "automatic-captions", language: "English", translatedInto: "German" }),
    ).toBe("Automatic captions in English, translated into German");
    expect(summarySourceLabel({ origin: "description", language: "English", translatedInto: null })).toBe(
      "Title and description only",
    );
    expect(summarySourceNote({ origin: "speech-to-text", language: "Spanish", translatedInto: null })).toBe(
      "Source: speech-to-text of the audio in Spanish.",
    );
  });

  it.each([
    "Source: a friend told me.",
    "Summarised from the video's title and description: it has no captions.",
    "Source: the video's captions in English",
    "source: the video's captions.",
  ])("is not read into any other note: %j", (text) => {
    expect(readSummarySource(text)).toBeNull();
  });

  it("names languages in English, and none for a code nobody knows", () => {
    expect(languageName("pt-BR")).toBe("Brazilian Portuguese");
    expect(languageName("not a code")).toBeNull();
  });
});
