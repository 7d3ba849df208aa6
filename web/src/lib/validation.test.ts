import { describe, expect, it } from "vitest";
import { isValidEmail } from "./validation.ts";

// The forms refuse what the server refuses, so a visitor reads the message before a round trip.
describe("isValidEmail, the forms' share of the server's e-mail rule", () => {
  it.each(["ann@example.com", "  ann+digest@example.com ", "ann@bücher.de"])("accepts %j", (text) =>
    expect(isValidEmail(text)).toBe(true),
  );

  it.each(["a<victim@x.io>", "Ann <ann@x.io>", "ann@x.io,", "ann@x.io, bob@y.io", "ann@x.io;", '"ann"@x.io'])(
    "refuses %j, which is more than one bare address",
    (text) => expect(isValidEmail(text)).toBe(false),
  );
});
