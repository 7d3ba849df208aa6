import argon2 from "argon2";
import { beforeEach, describe, expect, it } from "vitest";
import { createPasswordHasher } from "./password-hasher.ts";

// Each case names the mutants of password-hasher.ts it catches (`npx stryker run stryker/auth.config.mjs`).
describe("the password hasher", () => {
  // Made in each test, not once for the file: a mutant of the object's methods exists only in a hasher
  // made while that mutant is active.
  let hasher: ReturnType<typeof createPasswordHasher>;
  beforeEach(() => {
    hasher = createPasswordHasher();
  });

  // Mutants: hash and verify as `() => undefined`.
  it("verifies the password it hashed, and no other", async () => {
    const hash = await hasher.hash("correct horse battery");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await hasher.verify(hash, "correct horse battery")).toBe(true);
    expect(await hasher.verify(hash, "correct horse battery!")).toBe(false);
  });

  // Mutants: verify's `.catch(() => false)` as `() => undefined` or `() => true`.
  it("answers false, not an error, for a stored hash it cannot read", async () => {
    expect(await hasher.verify("not an argon2 hash", "anything")).toBe(false);
  });

  // Mutant: needsRehash as `() => undefined`.
  it("asks for a new hash only of one made with weaker settings than today's", async () => {
    const weak = await argon2.hash("password123", { type: argon2.argon2id, memoryCost: 4_096, timeCost: 1 });
    expect(hasher.needsRehash(weak)).toBe(true);
    expect(hasher.needsRehash(await hasher.hash("password123"))).toBe(false);
  });

  // Mutants: verifyNothing's body emptied, and its `return false` as `true`.
  it("never matches when there is no account, whatever the password", async () => {
    expect(await hasher.verifyNothing("decoy password never matched")).toBe(false);
    expect(await hasher.verifyNothing("password123")).toBe(false);
  });
});
