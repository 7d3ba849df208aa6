import { simpleParser } from "mailparser";
import { beforeAll, describe, expect, it } from "vitest";
import { compileTemplates } from "../../templates/compile-templates.ts";
import { SAMPLE_DATA, SAMPLE_SITE, sampleDigest } from "../../templates/sample-template-data.ts";
import type { MailTemplates, TemplateData } from "../../templates/template-data.ts";
import { signedSampleMail } from "./signed-sample-mail.ts";

/** What a week's e-mail of ten videos may weigh, whole, as it goes out: under half of Gmail's clipping size. */
const TEN_VIDEO_DIGEST_BYTES = 45 * 1024;
const GMAIL_CLIP_BYTES = 102 * 1024;

let templates: MailTemplates;
beforeAll(async () => {
  templates = await compileTemplates(SAMPLE_SITE);
});

const signed = signedSampleMail();

/** A digest composed and signed as the SMTP transport sends it. */
async function sent(data: TemplateData["digest"]): Promise<{ html: string; text: string; message: Buffer }> {
  const mail = templates.render("digest", data);
  return { html: mail.html, text: mail.text, message: await signed("digest", data, mail) };
}

describe("a digest as it goes out", () => {
  it("of ten videos (five channels, two each) is at most 45 KB, headers and both parts included", async () => {
    const { message } = await sent(SAMPLE_DATA.digest);
    expect(message.length).toBeLessThanOrEqual(TEN_VIDEO_DIGEST_BYTES);
  });

  it("of a 25-channel week stays under Gmail's clipping size, the rest left to its page", async () => {
    const { text, message } = await sent(sampleDigest(25, 4));
    expect(message.length).toBeLessThan(GMAIL_CLIP_BYTES);
    expect(text).toContain("90 more videos in your archive");
  });

  it("carries its HTML unencoded as 7-bit lines within SMTP's limit, read back exactly as rendered", async () => {
    const { html, text, message } = await sent(SAMPLE_DATA.digest);
    const raw = message.toString("utf8");
    const part = raw.slice(raw.indexOf("Content-Type: text/html"));
    expect(part).toMatch(/^Content-Transfer-Encoding: 7bit\r$/m);
    expect(/\P{ASCII}/u.test(part)).toBe(false);
    expect(part.split("\r\n").every((line) => line.length <= 998)).toBe(true);
    const parsed = await simpleParser(message);
    // Lines broken at spaces: the same HTML, with some spaces as line breaks and characters as references.
    const same = (markup: string) =>
      markup.replace(/\s+/g, " ").replace(/&#(\d+);/g, (_, code) => String.fromCodePoint(Number(code)));
    expect(same(parsed.html || "")).toBe(same(html));
    expect(parsed.text).toBe(text);
  });
});
