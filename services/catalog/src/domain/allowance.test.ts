import { describe, expect, it } from "vitest";
import { allowanceOf, allowanceReachedMessage, DEFAULT_ALLOWANCE } from "./allowance.ts";

describe("allowanceOf", () => {
  it("is billing's number once billing has said one, whatever the plan", () => {
    expect(allowanceOf({ plan: "solo", channelAllowance: 1 })).toBe(1);
    expect(allowanceOf({ plan: "pro", channelAllowance: 40 })).toBe(40);
    expect(allowanceOf({ plan: null, channelAllowance: 0 })).toBe(0);
  });

  it("is the trial's default while billing has said nothing", () => {
    expect(allowanceOf(undefined)).toBe(DEFAULT_ALLOWANCE);
    expect(DEFAULT_ALLOWANCE).toBe(5);
  });
});

describe("allowanceReachedMessage", () => {
  it("names the plan that allows more", () => {
    expect(allowanceReachedMessage({ plan: "solo", channelAllowance: 1 })).toBe(
      "Your Solo plan allows 1 channel. The Premium plan allows up to 5 channels, and the Pro plan up to 25.",
    );
    expect(allowanceReachedMessage(undefined)).toBe(
      "Your free trial allows 5 channels. The Pro plan allows up to 25 channels.",
    );
    expect(allowanceReachedMessage({ plan: "premium", channelAllowance: 5 })).toBe(
      "Your Premium plan allows 5 channels. The Pro plan allows up to 25 channels.",
    );
    expect(allowanceReachedMessage({ plan: "pro", channelAllowance: 25 })).toBe(
      "Your Pro plan allows 25 channels. Remove a channel to add another.",
    );
  });

  it("says the number billing gave, not one of its own", () => {
    expect(allowanceReachedMessage({ plan: "creator", channelAllowance: 7 })).toBe(
      "Your Premium plan allows 7 channels. The Pro plan allows up to 25 channels.",
    );
    expect(allowanceReachedMessage({ plan: "pro", channelAllowance: 40 })).toBe(
      "Your Pro plan allows 40 channels. Remove a channel to add another.",
    );
  });

  it("does not call a user whose trial or subscription has ended a trial user", () => {
    expect(allowanceReachedMessage({ plan: null, channelAllowance: 5 })).toBe(
      "Without a paid plan you can follow 5 channels. The Pro plan allows up to 25 channels.",
    );
    expect(allowanceReachedMessage({ plan: "weekly", channelAllowance: 3 })).toBe(
      "Your plan allows 3 channels. The Premium plan allows up to 5 channels, and the Pro plan up to 25.",
    );
  });

  // Mutants: `plan !== null && Object.hasOwn(PLAN_NAMES, plan)` as `true` or with `||`, either of which
  // would read an inherited property as a plan's name.
  it("names no plan for a plan called like an object's own property", () => {
    expect(allowanceReachedMessage({ plan: "constructor", channelAllowance: 5 })).toBe(
      "Your plan allows 5 channels. The Pro plan allows up to 25 channels.",
    );
  });
});
