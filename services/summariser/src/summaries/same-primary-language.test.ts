import { describe, expect, it } from "vitest";
import { samePrimaryLanguage } from "./summarise-video.ts";

describe("whether a summary is already in the reader's language", () => {
  it("compares the primary language only, in any case", () => {
    expect(samePrimaryLanguage("en", "en")).toBe(true);
    expect(samePrimaryLanguage("en-GB", "en")).toBe(true);
    expect(samePrimaryLanguage("en", "EN-us")).toBe(true);
    expect(samePrimaryLanguage("PT-br", "pt-PT")).toBe(true);
  });

  it("tells languages apart that share a first letter, and a summary of no known language from any", () => {
    expect(samePrimaryLanguage("en", "es")).toBe(false);
    expect(samePrimaryLanguage("de-DE", "da")).toBe(false);
    expect(samePrimaryLanguage(null, "en")).toBe(false);
  });
});
