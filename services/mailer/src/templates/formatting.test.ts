import { describe, expect, it } from "vitest";
import { countOf, formatDate, formatDateTime, formatUsd, greeting, listOf, oneLine } from "./formatting.ts";

describe("formatting", () => {
  it("writes days in UTC as '23 November 2026'", () => {
    expect(formatDate("2026-11-23T09:00:00Z")).toBe("23 November 2026");
    expect(formatDate("2026-11-23T23:30:00-05:00")).toBe("24 November 2026");
    expect(formatDateTime("2026-11-23T14:05:59Z")).toBe("14:05 UTC on 23 November 2026");
    expect(() => formatDate("soon")).toThrow(RangeError);
  });

  it("writes amounts as en-US dollars with two decimals", () => {
    expect(formatUsd(499)).toBe("$4.99");
    expect(formatUsd(1000)).toBe("$10.00");
    expect(formatUsd(123456)).toBe("$1,234.56");
  });

  it("greets by name when there is one", () => {
    expect(greeting("Ana")).toBe("Hi Ana,");
    expect(greeting("  ")).toBe("Hi,");
    expect(greeting(null)).toBe("Hi,");
  });

  it("lists, counts and flattens", () => {
    expect(listOf([])).toBe("");
    expect(listOf(["A"])).toBe("A");
    expect(listOf(["A", "B"])).toBe("A and B");
    expect(listOf(["A", "B", "C"])).toBe("A, B and C");
    expect(countOf(1, "video")).toBe("1 video");
    expect(countOf(2, "video")).toBe("2 videos");
    expect(oneLine(" a\n\tb  c ")).toBe("a b c");
  });
});
