import { describe, expect, it } from "vitest";
import type { Plan } from "../../lib/plans.ts";
import { paymentTerms } from "./payment-terms.ts";

const premium = { id: "premium", name: "Premium", priceLabel: "$9.99" } as Plan;

describe("paymentTerms", () => {
  it("tells a reader in the free days that nothing is due today, and when the first charge comes", () => {
    const terms = paymentTerms({ withTrial: true, firstChargeAt: "2027-03-04T12:00:00.000Z" }, premium);
    expect(terms).toMatch(/^Due today \$0\.00, then \$9\.99\/month from .*2027\. /);
    expect(terms).toContain("cancel before and nothing is charged.");
    expect(terms).not.toMatch(/\$9\.99 today/);
  });

  it("says the same to a visitor before the server has said the date", () => {
    expect(paymentTerms({ withTrial: true, firstChargeAt: null }, premium)).toMatch(
      /^Due today \$0\.00, then \$9\.99\/month when your free days end\. /,
    );
  });

  it("charges the first month today after the free days", () => {
    expect(paymentTerms({ withTrial: false, firstChargeAt: null }, premium)).toBe(
      "Due today $9.99, then $9.99/month until you cancel.",
    );
  });
});
