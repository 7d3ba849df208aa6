import { describe, expect, it } from "vitest";
import { isEmailAddress } from "./email-rule.ts";

describe("isEmailAddress", () => {
  it.each(["ann@example.com", "a.b+c@sub.example.co"])("accepts %s", (text) =>
    expect(isEmailAddress(text)).toBe(true),
  );

  it.each([
    "",
    "ann",
    "ann@example",
    "ann @example.com",
    "@example.com",
    "ann@.",
    `${"a".repeat(250)}@example.com`,
  ])("refuses %j", (text) => expect(isEmailAddress(text)).toBe(false));
});
