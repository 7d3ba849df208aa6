import { describe, expect, it } from "vitest";
import { formatUsd } from "./money.ts";

describe("formatUsd", () => {
  it("shows US dollars, en-US, always with two decimals", () => {
    expect(formatUsd(4.99)).toBe("$4.99");
    expect(formatUsd(10)).toBe("$10.00");
    expect(formatUsd(29.9)).toBe("$29.90");
    expect(formatUsd(1234.5)).toBe("$1,234.50");
  });
});
