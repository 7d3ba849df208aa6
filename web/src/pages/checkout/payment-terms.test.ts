import { describe, expect, it } from "vitest";
import type { Plan } from "../../lib/plans.ts";
import { paymentTerms } from "./payment-terms.ts";

const premium = { id: "premium", name: "Premium", priceLabel: "$9.99" } as Plan;

describe("paymentTerms", () => {
  it("tells a reader in the trial that paying ends it at once, and what is charged when", () => {
    const terms = paymentTerms({ status: "trial", trialEndsAt: "2027-03-04T12:00:00.000Z" }, premium);
    expect(terms).toMatch(
      /^Your free trial runs until .*2027\. Paying now ends it and starts your paid plan at once:/,
    );
    expect(terms).toContain("$9.99 today, then $9.99 every month until you cancel.");
    expect(terms).toContain("Until you pay, nothing is charged.");
  });

  it("offers no free days to a reader whose trial has ended", () => {
    expect(paymentTerms({ status: "expired", trialEndsAt: null }, premium)).toBe(
      "Your free trial has ended. Paying starts your plan today: $9.99 today, then $9.99 every month until you cancel.",
    );
  });

  it("tells a subscriber the change is at once and settled now", () => {
    expect(paymentTerms({ status: "active", trialEndsAt: null }, premium)).toMatch(
      /^Your plan changes to Premium at once; the difference for the rest of this month is charged or credited now/,
    );
  });

  it("still says what is charged when to a visitor who is not signed in", () => {
    expect(paymentTerms(undefined, premium)).toBe(
      "Paying now ends your free days and starts your paid plan at once: $9.99 today, then $9.99 every month until you cancel.",
    );
  });
});
