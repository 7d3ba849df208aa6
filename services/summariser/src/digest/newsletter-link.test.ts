import { describe, expect, it } from "vitest";
import {
  isNewsletterLinkToken,
  NEWSLETTER_LINK_DAYS,
  newsletterLinkInTime,
  newsletterLinkKeyFrom,
  newsletterLinkToken,
} from "./newsletter-link.ts";

describe("a newsletter's read-in-your-browser link", () => {
  const key = newsletterLinkKeyFrom("the shared identity secret");
  const newsletter = {
    id: "3f1c2a9e-0000-4000-8000-000000000001",
    userId: "7d2b1c4a-0000-4000-8000-000000000002",
  };

  it("is v1 and a base64url signature that names neither the newsletter nor the reader", () => {
    const token = newsletterLinkToken(key, newsletter);
    expect(token).toMatch(/^v1\.[\w-]{43}$/);
    expect(token).not.toContain(newsletter.id);
    expect(token).not.toContain(newsletter.userId);
    // The same newsletter, key and reader always sign alike: the mail and the page agree.
    expect(newsletterLinkToken(key, { ...newsletter })).toBe(token);
  });

  it("opens that newsletter of that reader, and nothing else", () => {
    const token = newsletterLinkToken(key, newsletter);
    expect(isNewsletterLinkToken(key, token, newsletter)).toBe(true);
    expect(isNewsletterLinkToken(key, token, { ...newsletter, id: "another-newsletter" })).toBe(false);
    expect(isNewsletterLinkToken(key, token, { ...newsletter, userId: "another-reader" })).toBe(false);
    // The id and the user cannot trade places or run together.
    expect(
      isNewsletterLinkToken(key, newsletterLinkToken(key, { id: `${newsletter.id}\n`, userId: "" }), {
        id: newsletter.id,
        userId: "",
      }),
    ).toBe(false);
  });

  it("is signed by a key of its own, derived from the shared secret", () => {
    expect(newsletterLinkKeyFrom("the shared identity secret").equals(key)).toBe(true);
    expect(newsletterLinkKeyFrom("another secret").equals(key)).toBe(false);
    expect(key).toHaveLength(32);
    const otherKey = newsletterLinkKeyFrom("another secret");
    expect(isNewsletterLinkToken(otherKey, newsletterLinkToken(key, newsletter), newsletter)).toBe(false);
  });

  it("refuses a token of another shape: no version, another version, cut short, padded or with text around it", () => {
    const token = newsletterLinkToken(key, newsletter);
    const signature = token.slice(3);
    for (const bad of [
      signature,
      `v2.${signature}`,
      `v1${signature}`,
      token.slice(0, -1),
      `${token}A`,
      ` ${token}`,
      `${token} `,
      `x${token}`,
      "v1.",
      "",
    ]) {
      expect(isNewsletterLinkToken(key, bad, newsletter), JSON.stringify(bad)).toBe(false);
    }
    // A signature of the right shape but one changed character.
    const last = signature.at(-2) === "A" ? "B" : "A";
    const changed = `v1.${signature.slice(0, -2)}${last}${signature.at(-1)}`;
    expect(isNewsletterLinkToken(key, changed, newsletter)).toBe(false);
  });

  it(`reads its newsletter without signing in for ${NEWSLETTER_LINK_DAYS} days from when it was made`, () => {
    expect(NEWSLETTER_LINK_DAYS).toBe(60);
    const createdAt = new Date("2026-11-23T09:00:00Z");
    const day = 24 * 3_600_000;
    expect(newsletterLinkInTime(createdAt, createdAt)).toBe(true);
    expect(newsletterLinkInTime(createdAt, new Date(createdAt.getTime() + 60 * day - 1))).toBe(true);
    expect(newsletterLinkInTime(createdAt, new Date(createdAt.getTime() + 60 * day))).toBe(false);
    expect(newsletterLinkInTime(createdAt, new Date(createdAt.getTime() + 61 * day))).toBe(false);
  });
});
