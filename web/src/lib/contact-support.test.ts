import { describe, expect, it } from "vitest";
import { splitAfterContactSupport } from "./contact-support.ts";

describe("splitAfterContactSupport", () => {
  it("cuts the checkout's and billing's messages right after the words, whatever their case", () => {
    expect(
      splitAfterContactSupport("Payment status unknown. Please contact support if you were charged."),
    ).toEqual(["Payment status unknown. Please contact support", " if you were charged."]);
    expect(
      splitAfterContactSupport(
        "Card payment is not set up on this server yet. Please try again later or contact support.",
      ),
    ).toEqual([
      "Card payment is not set up on this server yet. Please try again later or contact support",
      ".",
    ]);
    expect(splitAfterContactSupport("Contact support.")).toEqual(["Contact support", "."]);
  });

  it("leaves a message that does not say them alone", () => {
    expect(splitAfterContactSupport("Failed to activate subscription")).toBeUndefined();
  });
});
