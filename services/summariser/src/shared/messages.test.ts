import { describe, expect, it } from "vitest";
import { messages } from "./messages.ts";

describe("the preview's daily limit says when to come back as a person would", () => {
  const comeBackIn = (seconds: number) =>
    messages.previewLimitReached(3, seconds).match(/Please try again in (.+?);/)?.[1];

  it.each([
    [1, "a minute"],
    [60, "a minute"],
    [61, "about 2 minutes"],
    [59 * 60, "about 59 minutes"],
    [59 * 60 + 1, "about an hour"],
    [60 * 60, "about an hour"],
    [60 * 60 + 1, "about 2 hours"],
    [24 * 60 * 60, "about 24 hours"],
  ])("%i s: %s", (seconds, words) => {
    expect(comeBackIn(seconds)).toBe(words);
  });

  it("names the day's limit and that channels already previewed still can be", () => {
    expect(messages.previewLimitReached(3, 90)).toBe(
      "You have previewed 3 new channels today, the most a day allows. Please try again in about 2 minutes; channels you previewed today can be previewed again now.",
    );
  });
});
