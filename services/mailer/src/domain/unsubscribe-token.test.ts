import { createHmac, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  readUnsubscribeToken,
  unsubscribeKeyFrom,
  unsubscribeToken,
  unsubscribeTokensOf,
} from "./unsubscribe-token.ts";

describe("unsubscribe tokens", () => {
  const key = unsubscribeKeyFrom("the identity secret");
  const userId = randomUUID();
  const token = unsubscribeToken(key, userId, 3);
  /** A link as the mailer signed it before links had generations. */
  const v1Token = (user: string) =>
    `v1.${user}.${createHmac("sha256", key).update(`v1\n${user}`).digest("base64url")}`;

  it("name the reader and the generation they were made for, under the key they were signed with", () => {
    expect(token).toMatch(/^v2\.[0-9a-f-]{36}\.3\.[\w-]{43}$/);
    expect(readUnsubscribeToken(key, token)).toEqual({ userId, generation: 3 });
    expect(readUnsubscribeToken(unsubscribeKeyFrom("the identity secret"), token)).toEqual({
      userId,
      generation: 3,
    });
    expect(readUnsubscribeToken(key, unsubscribeToken(key, userId))).toEqual({ userId, generation: 0 });
  });

  it("read a link signed before generations as one of the first generation", () => {
    expect(readUnsubscribeToken(key, v1Token(userId))).toEqual({ userId, generation: 0 });
    expect(readUnsubscribeToken(unsubscribeKeyFrom("another secret"), v1Token(userId))).toBeUndefined();
  });

  it("are refused under another secret, and their key is not the secret itself", () => {
    expect(readUnsubscribeToken(unsubscribeKeyFrom("another secret"), token)).toBeUndefined();
    expect(readUnsubscribeToken(Buffer.from("the identity secret"), token)).toBeUndefined();
  });

  it("are refused once altered: another user, generation, signature or version, anything around them", () => {
    const signature = token.split(".").at(-1) ?? "";
    const otherUser = randomUUID();
    expect(readUnsubscribeToken(key, `v2.${otherUser}.3.${signature}`)).toBeUndefined();
    for (const generation of ["4", "0", "03", "-3", "3.0", "99999999999"]) {
      expect(
        readUnsubscribeToken(key, `v2.${userId}.${generation}.${signature}`),
        generation,
      ).toBeUndefined();
    }
    const flipped = `${signature.slice(0, 10)}${signature[10] === "A" ? "B" : "A"}${signature.slice(11)}`;
    expect(readUnsubscribeToken(key, `v2.${userId}.3.${flipped}`)).toBeUndefined();
    // A first-generation link's signature does not pass for the new form, nor the other way round.
    const v1Signature = v1Token(userId).split(".").at(-1) ?? "";
    expect(readUnsubscribeToken(key, `v2.${userId}.0.${v1Signature}`)).toBeUndefined();
    const v2Signature = unsubscribeToken(key, userId, 0).split(".").at(-1) ?? "";
    expect(readUnsubscribeToken(key, `v1.${userId}.${v2Signature}`)).toBeUndefined();
    expect(readUnsubscribeToken(key, token.replace(/^v2/, "v3"))).toBeUndefined();
    expect(readUnsubscribeToken(key, `${token}x`)).toBeUndefined();
    expect(readUnsubscribeToken(key, `x${token}`)).toBeUndefined();
    expect(readUnsubscribeToken(key, `v2.${userId}.3.${signature.slice(0, 42)}`)).toBeUndefined();
    expect(readUnsubscribeToken(key, `v2.${userId.toUpperCase()}.3.${signature}`)).toBeUndefined();
    expect(readUnsubscribeToken(key, "")).toBeUndefined();
  });

  it("sign the user id and the generation, not only the token's form: one never passes for another", () => {
    const other = randomUUID();
    expect(unsubscribeToken(key, other, 3)).not.toBe(token.replace(userId, other));
    expect(unsubscribeToken(key, userId, 4)).not.toBe(token.replace(".3.", ".4."));
    expect(readUnsubscribeToken(key, unsubscribeToken(key, other, 3))).toEqual({
      userId: other,
      generation: 3,
    });
  });

  it("are all found in a text by their reader, whatever their version and generation, and no one else's", () => {
    const other = randomUUID();
    const text = `a ${v1Token(userId)} b ?token=${unsubscribeToken(key, userId, 0)}&x ${token}. ${unsubscribeToken(key, other, 3)}`;
    expect(text.replace(unsubscribeTokensOf(userId), "NEW")).toBe(
      `a NEW b ?token=NEW&x NEW. ${unsubscribeToken(key, other, 3)}`,
    );
  });
});
