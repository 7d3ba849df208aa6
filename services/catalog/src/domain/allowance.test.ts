import { describe, expect, it } from "vitest";
import { allowanceFor, allowanceReachedMessage } from "./allowance.ts";

describe("allowanceFor (SPEC §9)", () => {
  it.each([
    ["solo", 1],
    ["creator", 5],
    ["premium", 5],
    ["pro", 25],
    [null, 5],
    ["weekly", 5],
    ["constructor", 5],
  ])("%s allows %i channels", (plan, allowance) => {
    expect(allowanceFor(plan)).toBe(allowance);
  });
});

describe("allowanceReachedMessage", () => {
  it("names the plan that allows more", () => {
    expect(allowanceReachedMessage("solo")).toBe(
      "Your Solo plan allows 1 channel. The Creator and Premium plans allow up to 5 channels, and the Pro plan up to 25.",
    );
    expect(allowanceReachedMessage(null)).toBe(
      "Your free trial allows 5 channels. The Pro plan allows up to 25 channels.",
    );
    expect(allowanceReachedMessage("premium")).toContain("The Pro plan allows up to 25 channels.");
    expect(allowanceReachedMessage("pro")).toBe(
      "Your Pro plan allows 25 channels. Remove a channel to add another.",
    );
  });
});
