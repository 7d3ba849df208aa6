import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { unsubscribeKeyFrom, unsubscribeToken, userOfUnsubscribeToken } from "./unsubscribe-token.ts";

describe("unsubscribe tokens", () => {
  const key = unsubscribeKeyFrom("the identity secret");
  const userId = randomUUID();
  const token = unsubscribeToken(key, userId);

  it("name the user they were made for, under the key they were signed with", () => {
    expect(token).toMatch(/^v1\.[0-9a-f-]{36}\.[\w-]{43}$/);
    expect(userOfUnsubscribeToken(key, token)).toBe(userId);
    expect(userOfUnsubscribeToken(unsubscribeKeyFrom("the identity secret"), token)).toBe(userId);
  });

  it("are refused under another secret, and their key is not the secret itself", () => {
    expect(userOfUnsubscribeToken(unsubscribeKeyFrom("another secret"), token)).toBeUndefined();
    expect(userOfUnsubscribeToken(Buffer.from("the identity secret"), token)).toBeUndefined();
  });

  it("are refused once altered: another user, another signature, another version, anything around them", () => {
    const [, , signature = ""] = token.split(".");
    const otherUser = randomUUID();
    expect(userOfUnsubscribeToken(key, `v1.${otherUser}.${signature}`)).toBeUndefined();
    const flipped = `${signature.slice(0, 10)}${signature[10] === "A" ? "B" : "A"}${signature.slice(11)}`;
    expect(userOfUnsubscribeToken(key, `v1.${userId}.${flipped}`)).toBeUndefined();
    expect(userOfUnsubscribeToken(key, token.replace(/^v1/, "v2"))).toBeUndefined();
    expect(userOfUnsubscribeToken(key, `${token}x`)).toBeUndefined();
    expect(userOfUnsubscribeToken(key, `x${token}`)).toBeUndefined();
    expect(userOfUnsubscribeToken(key, `v1.${userId}.${signature.slice(0, 42)}`)).toBeUndefined();
    expect(userOfUnsubscribeToken(key, `v1.${userId.toUpperCase()}.${signature}`)).toBeUndefined();
    expect(userOfUnsubscribeToken(key, "")).toBeUndefined();
  });

  it("sign the user id, not only the token's form: one user's signature never passes for another", () => {
    const other = randomUUID();
    expect(unsubscribeToken(key, other)).not.toBe(token.replace(userId, other));
    expect(userOfUnsubscribeToken(key, unsubscribeToken(key, other))).toBe(other);
  });
});
