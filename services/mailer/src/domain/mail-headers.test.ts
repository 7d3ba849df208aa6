import { describe, expect, it } from "vitest";
import { isListMail, type ListContext, mailHeaders, unsubscribeUrl } from "./mail-headers.ts";
import { unsubscribeKeyFrom, userOfUnsubscribeToken } from "./unsubscribe-token.ts";

const USER = "0b6c6f4e-9a3e-4c1e-8f00-5a1d2b3c4d5e";

const context = (unsubscribeMailto: string | undefined): ListContext => ({
  links: {
    unsubscribe: (token: string) => `https://digest.example.com/api/unsubscribe?token=${token}`,
  } as ListContext["links"],
  unsubscribeKey: unsubscribeKeyFrom("secret"),
  unsubscribeMailto,
  mailDomain: "mail.example.com",
});

describe("the headers a message carries by its kind", () => {
  const withMailto = context("unsubscribe@example.com");

  it("marks every message as automatic, and account mail as nothing more", () => {
    for (const template of ["welcome", "receipt", "sign-in-link", "account-deleted"] as const) {
      expect(isListMail(template)).toBe(false);
      expect(mailHeaders(withMailto, template, USER)).toEqual({ "Auto-Submitted": "auto-generated" });
    }
  });

  it("gives the digest one-click unsubscribe, its mailto fallback, bulk precedence and its List-Id", () => {
    const url = unsubscribeUrl(withMailto, USER);
    const token = new URL(url).searchParams.get("token") ?? "";
    expect(userOfUnsubscribeToken(unsubscribeKeyFrom("secret"), token)).toBe(USER);
    expect(isListMail("digest")).toBe(true);
    expect(mailHeaders(withMailto, "digest", USER)).toEqual({
      "Auto-Submitted": "auto-generated",
      "List-Id": "tubedigest weekly digest <weekly-digest.mail.example.com>",
      "List-Unsubscribe": `<${url}>, <mailto:unsubscribe@example.com?subject=unsubscribe>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      Precedence: "bulk",
    });
  });

  it("gives the abandonment reminder one-click unsubscribe without a List-Id, and no mailto when none is set", () => {
    const without = context(undefined);
    expect(isListMail("abandonment")).toBe(true);
    expect(mailHeaders(without, "abandonment", USER)).toEqual({
      "Auto-Submitted": "auto-generated",
      "List-Unsubscribe": `<${unsubscribeUrl(without, USER)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      Precedence: "bulk",
    });
  });

  it("offers no unsubscribe on a digest to no account: there is nobody to unsubscribe", () => {
    expect(mailHeaders(withMailto, "digest", null)).toEqual({ "Auto-Submitted": "auto-generated" });
  });
});
