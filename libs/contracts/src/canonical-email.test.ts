import { describe, expect, it } from "vitest";
import { canonicalEmail } from "./canonical-email.ts";

describe("canonicalEmail", () => {
  it.each([
    ["  Ann@Example.COM ", "ann@example.com"],
    // Σ lower-cases to ς at the end of a word and to σ inside one: both are σ here.
    ["ΑΣ1@x.io", "ασ1@x.io"],
    ["ας1@x.io", "ασ1@x.io"],
    ["ΣΑΣ@x.io", "σασ@x.io"],
    // İ keeps its dot as a combining character, whatever Postgres' locale would make of it.
    ["İx@x.io", "i\u0307x@x.io"],
    ["i\u0307x@x.io", "i\u0307x@x.io"],
    // A precomposed é and e + combining acute are one address.
    ["e\u0301@x.io", "\u00e9@x.io"],
  ])("folds %j to %j", (email, canonical) => {
    expect(canonicalEmail(email)).toBe(canonical);
  });

  it("keeps İ and I apart: they are different letters", () => {
    expect(canonicalEmail("İx@x.io")).not.toBe(canonicalEmail("ix@x.io"));
  });
});
