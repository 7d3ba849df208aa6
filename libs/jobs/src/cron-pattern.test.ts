import { describe, expect, it } from "vitest";
import { isCronPattern } from "./cron-pattern.ts";

describe("isCronPattern", () => {
  it("takes five fields, or six with seconds", () => {
    expect(isCronPattern("*/15 * * * *")).toBe(true);
    expect(isCronPattern("0 * * * *")).toBe(true);
    expect(isCronPattern("*/2 * * * * *")).toBe(true);
  });

  it("refuses what is not one", () => {
    for (const pattern of ["", "every 15 minutes", "* * *", "61 * * * *", "*/15 * * * * * * *"]) {
      expect(isCronPattern(pattern), pattern).toBe(false);
    }
  });
});
