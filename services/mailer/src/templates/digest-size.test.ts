import { beforeAll, describe, expect, it } from "vitest";
import { compileTemplates } from "./compile-templates.ts";
import { sampleDigest } from "./sample-template-data.ts";
import type { MailTemplates } from "./template-data.ts";

// Gmail clips a message whose HTML passes about 102 KB.
const GMAIL_CLIP_BYTES = 102 * 1024;

let templates: MailTemplates;
beforeAll(async () => {
  templates = await compileTemplates();
});

const videoLinks = (html: string) => html.match(/<h3 /g)?.length ?? 0;

describe("a long digest", () => {
  it.each([
    [10, 5],
    [20, 10],
  ])(
    "of %d channels × %d videos stays under Gmail's clipping size and points to the rest",
    (channels, videos) => {
      const mail = templates.render("digest", sampleDigest(channels, videos));
      const bytes = Buffer.byteLength(mail.html);
      expect(bytes).toBeLessThan(GMAIL_CLIP_BYTES);
      expect(bytes).toBeGreaterThan(80 * 1024);

      const shown = videoLinks(mail.html);
      const left = channels * videos - shown;
      expect(left).toBeGreaterThan(0);
      expect(mail.html).toContain(`${left} more videos in your dashboard`);
      expect(mail.text).toContain(
        `${left} more videos in your dashboard: https://tubedigest.example/dashboard`,
      );
      expect(mail.text.match(/^Episode \d+:/gm)).toHaveLength(shown);
      // The subject and the greeting still count the whole week.
      expect(mail.subject).toBe(`Your week: Pocket Orbit, Copper Pan Kitchen and ${channels - 2} more`);
      expect(mail.preheader).toContain(`${channels * videos} new videos from ${channels} channels`);
    },
  );

  it("shows a short week whole, without a pointer to the dashboard", () => {
    const mail = templates.render("digest", sampleDigest(3, 2));
    expect(videoLinks(mail.html)).toBe(6);
    expect(mail.html).not.toContain("more videos in your dashboard");
  });

  it("shows the start of the week: channels in order, the first ones whole", () => {
    const mail = templates.render("digest", sampleDigest(10, 5));
    const channelOrder = [...mail.html.matchAll(/<h2 [^>]*>([^<]*)<\/h2>/g)].map((match) => match[1]);
    expect(channelOrder.slice(0, 3)).toEqual(["Pocket Orbit", "Copper Pan Kitchen", "Field Notes on Birds"]);
    expect(mail.html).toContain("vid000x004");
    expect(mail.html).not.toContain("vid009x004");
  });
});
