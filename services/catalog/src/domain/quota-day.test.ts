import { describe, expect, it } from "vitest";
import { quotaDayOf } from "./quota-day.ts";

describe("quotaDayOf", () => {
  it("changes day at midnight Pacific time, not UTC", () => {
    // 07:59 UTC is 23:59 the day before in Los Angeles (PST, UTC-8).
    expect(quotaDayOf(new Date("2026-01-15T07:59:00Z"))).toBe("2026-01-14");
    expect(quotaDayOf(new Date("2026-01-15T08:00:00Z"))).toBe("2026-01-15");
  });

  it("follows daylight saving time (PDT, UTC-7)", () => {
    expect(quotaDayOf(new Date("2026-07-15T06:59:00Z"))).toBe("2026-07-14");
    expect(quotaDayOf(new Date("2026-07-15T07:00:00Z"))).toBe("2026-07-15");
  });
});
