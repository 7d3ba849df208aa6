import { describe, expect, it } from "vitest";
import { nextUpgradeAfter } from "./write-summary.ts";

describe("when a summary of the description looks for a transcript again", () => {
  const now = Date.parse("2026-11-23T09:00:00Z");

  it("is an hour, six hours, a day and three days after, by the looks already taken", () => {
    expect([0, 1, 2, 3].map((looks) => nextUpgradeAfter(now, looks)?.toISOString())).toEqual([
      "2026-11-23T10:00:00.000Z",
      "2026-11-23T15:00:00.000Z",
      "2026-11-24T09:00:00.000Z",
      "2026-11-26T09:00:00.000Z",
    ]);
  });

  it("is never after the fourth look", () => {
    expect(nextUpgradeAfter(now, 4)).toBeNull();
    expect(nextUpgradeAfter(now, 9)).toBeNull();
  });
});
