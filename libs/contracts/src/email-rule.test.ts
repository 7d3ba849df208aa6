import { describe, expect, it } from "vitest";
import { EMAIL_PATTERN, isEmailAddress, TYPED_EMAIL_PATTERN } from "./email-rule.ts";

describe("isEmailAddress", () => {
  it.each([
    "ann@example.com",
    "a.b+c@sub.example.co",
    // Plus-addressing and the other characters people do use before the @.
    "ann+digest@example.com",
    "o'neil_j-k@example.com",
    // An international domain, and a local part in another script.
    "ann@bücher.de",
    "анна@пример.рф",
    "😀@x.io",
  ])("accepts %s", (text) => expect(isEmailAddress(text)).toBe(true));

  it.each([
    "",
    "ann",
    "ann@example",
    "ann @example.com",
    "@example.com",
    "ann@.",
    "ann@x..io",
    "ann@.x.io",
    "ann@x.io.",
    `${"a".repeat(250)}@example.com`,
  ])("refuses %j, which is not text@text.text", (text) => expect(isEmailAddress(text)).toBe(false));

  it.each([
    ["a display name", "Ann <ann@x.io>"],
    ["a display name without a blank", "a<victim@x.io>"],
    ["angle brackets alone", "<ann@x.io>"],
    ["a quoted display name", '"Ann" ann@x.io'],
    ["a quoted local part", '"ann"@x.io'],
    ["a list ending in a comma", "alice@x.io,"],
    ["a list of two", "alice@x.io, bob@y.io"],
    ["a list without a blank", "alice@x.io,bob@y.io"],
    ["a list ending in a semicolon", "alice@x.io;"],
    ["a group", "friends:alice@x.io;"],
    ["a comment", "alice(x)@x.io"],
    ["a comment after the domain", "alice@x.io(x)"],
    ["a backslash", "ali\\ce@x.io"],
    ["a domain literal", "alice@[127.0.0.1]"],
    ["the percent hack", "victim%evil.example@x.io"],
    ["percent-encoded angle brackets", "a%3Cvictim@x.io%3E"],
    ["invalid percent-encoding", "a%C0%AF@x.io"],
    ["NUL", "a\u0000b@x.io"],
    ["a line feed", "alice@x.io\nbcc@y.io"],
    ["a zero-width space", "a\u200bb@x.io"],
    ["a right-to-left override", "a\u202eb@x.io"],
    ["a lone surrogate", "a\ud800b@x.io"],
    ["two @", "alice@evil.example@x.io"],
  ])("refuses %s: %j", (_what, text) => expect(isEmailAddress(text)).toBe(false));

  it("answers a long text without a dot at once: the pattern does not backtrack", () => {
    const started = performance.now();
    new RegExp(TYPED_EMAIL_PATTERN, "u").test(`a@${"b".repeat(1_000_000)}`);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("TYPED_EMAIL_PATTERN", () => {
  const typed = new RegExp(TYPED_EMAIL_PATTERN, "u");

  it("allows blanks around a bare address, and nothing else that EMAIL_PATTERN refuses", () => {
    expect(typed.test(" \tann@x.io\n")).toBe(true);
    expect(typed.test("Ann <ann@x.io>")).toBe(false);
    expect(typed.test(" alice@x.io, ")).toBe(false);
    expect(new RegExp(EMAIL_PATTERN, "u").test(" ann@x.io")).toBe(false);
  });
});
