import { describe, expect, it } from "vitest";
import { searchableQuery } from "./search-query.ts";

describe("searchableQuery", () => {
  it("needs at least 2 non-blank characters", () => {
    expect(searchableQuery("")).toBeNull();
    expect(searchableQuery("   ")).toBeNull();
    expect(searchableQuery(" a ")).toBeNull();
    expect(searchableQuery("ab")).toBe("ab");
  });

  it("trims and collapses spacing", () => {
    expect(searchableQuery("  pocket   orbit ")).toBe("pocket orbit");
  });
});
