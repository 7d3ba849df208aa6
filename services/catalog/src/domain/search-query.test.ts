import { HttpError } from "@tubedigest/http/http-error";
import { describe, expect, it } from "vitest";
import { normaliseQuery } from "./search-query.ts";

describe("normaliseQuery", () => {
  it("collapses spacing and folds case for the cache key", () => {
    expect(normaliseQuery("  Deep   Sea\tFacts ")).toEqual({
      text: "Deep Sea Facts",
      cacheKey: "deep sea facts",
    });
    expect(normaliseQuery("AB").cacheKey).toBe(normaliseQuery(" ab ").cacheKey);
  });

  it.each(["", " ", "a", " a ", "\t\n", "a \u00a0"])("refuses %j with a 400", (query) => {
    expect(() => normaliseQuery(query)).toThrow(HttpError);
  });

  it("takes up to 200 characters", () => {
    expect(normaliseQuery("x".repeat(200)).text).toHaveLength(200);
    expect(() => normaliseQuery("x".repeat(201))).toThrow(HttpError);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(() => normaliseQuery("😀")).toThrow(HttpError);
    expect(normaliseQuery("😀😀").text).toBe("😀😀");
  });
});
