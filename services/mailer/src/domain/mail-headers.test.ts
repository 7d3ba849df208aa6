import { describe, expect, it } from "vitest";
import { SAMPLE_DATA } from "../templates/sample-template-data.ts";
import { isListMail, type ListContext, mailHeaders, unsubscribeUrl } from "./mail-headers.ts";
import type { MailerContext } from "./mailer-context.ts";
import { readUnsubscribeToken, unsubscribeKeyFrom } from "./unsubscribe-token.ts";

const USER = "0b6c6f4e-9a3e-4c1e-8f00-5a1d2b3c4d5e";

const context = (unsubscribeMailto: string | undefined): ListContext => ({
  unsubscribeMailto,
  mailDomain: "mail.example.com",
});

describe("the headers a message carries by its kind", () => {
  const withMailto = context("unsubscribe@example.com");

  it("marks every message as automatic, and account mail as nothing more", () => {
    for (const template of ["welcome", "receipt", "sign-in-link", "account-deleted"] as const) {
      expect(isListMail(template)).toBe(false);
      expect(mailHeaders(withMailto, template, SAMPLE_DATA[template])).toEqual({
        "Auto-Submitted": "auto-generated",
      });
    }
  });

  it("gives the digest one-click unsubscribe with its body's link, its mailto fallback, bulk precedence and its List-Id", () => {
    const url = SAMPLE_DATA.digest.unsubscribeUrl;
    expect(isListMail("digest")).toBe(true);
    expect(mailHeaders(withMailto, "digest", SAMPLE_DATA.digest)).toEqual({
      "Auto-Submitted": "auto-generated",
      "List-Id": "tubedigest weekly digest <weekly-digest.mail.example.com>",
      "List-Unsubscribe": `<${url}>, <mailto:unsubscribe@example.com?subject=unsubscribe>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      Precedence: "bulk",
    });
  });

  it("gives the abandonment reminder one-click unsubscribe without a List-Id, and no mailto when none is set", () => {
    expect(isListMail("abandonment")).toBe(true);
    expect(mailHeaders(context(undefined), "abandonment", SAMPLE_DATA.abandonment)).toEqual({
      "Auto-Submitted": "auto-generated",
      "List-Unsubscribe": `<${SAMPLE_DATA.abandonment.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      Precedence: "bulk",
    });
  });
});

describe("a reader's unsubscribe link", () => {
  const links = {
    unsubscribe: (token: string) => `https://digest.example.com/api/unsubscribe?token=${token}`,
  } as MailerContext["links"];
  const key = unsubscribeKeyFrom("secret");

  it("is signed for the reader's current generation of links", () => {
    const url = unsubscribeUrl({ links, unsubscribeKey: key }, { user_id: USER, unsubscribe_generation: 2 });
    const token = new URL(url).searchParams.get("token") ?? "";
    expect(readUnsubscribeToken(key, token)).toEqual({ userId: USER, generation: 2 });
  });
});
