import { beforeAll, describe, expect, it } from "vitest";
import { compileTemplates } from "./compile-templates.ts";
import { SAMPLE_SITE, sampleDigest } from "./sample-template-data.ts";
import { MAX_VIDEOS_PER_EMAIL } from "./sources/digest.ts";
import type { MailTemplates, TemplateData } from "./template-data.ts";

// Gmail clips a message whose HTML passes about 102 KB.
const GMAIL_CLIP_BYTES = 102 * 1024;

let templates: MailTemplates;
beforeAll(async () => {
  templates = await compileTemplates(SAMPLE_SITE);
});

const videoHeadings = (html: string) => html.match(/<h3 /g)?.length ?? 0;
const channelHeadings = (html: string) =>
  [...html.matchAll(/<h2 [^>]*>([^<]*)<\/h2>/g)].map((match) => match[1]);

/** A week whose summaries are `times` as long as usual: few videos fill the e-mail. */
function wordyDigest(channels: number, videos: number, times: number): TemplateData["digest"] {
  const digest = sampleDigest(channels, videos);
  return {
    ...digest,
    channels: digest.channels.map((channel) => ({
      ...channel,
      videos: channel.videos.map((video) => ({
        ...video,
        summaryMarkdown: `${video.summaryMarkdown}\n\n${"It goes on at length about the same idea. ".repeat(40 * times)}`,
      })),
    })),
  };
}

describe("a long digest", () => {
  it.each([
    [10, 5],
    [20, 10],
  ])(
    "of %d channels × %d videos shows its first videos, the channels taking turns, and points to the rest",
    (channels, videos) => {
      const mail = templates.render("digest", sampleDigest(channels, videos));
      expect(Buffer.byteLength(mail.html)).toBeLessThan(GMAIL_CLIP_BYTES);
      expect(videoHeadings(mail.html)).toBe(MAX_VIDEOS_PER_EMAIL);
      // Each channel's newest first, in turns: the first ten channels, one video each.
      expect(channelHeadings(mail.html)).toHaveLength(Math.min(channels, MAX_VIDEOS_PER_EMAIL));
      const left = channels * videos - MAX_VIDEOS_PER_EMAIL;
      expect(mail.html).toContain(`${left} more videos in your archive`);
      expect(mail.text).toContain(`${left} more videos in your archive: ${sampleDigest(1, 1).archiveUrl}`);
      expect(mail.text).toContain(`${videos - 1} more videos from Pocket Orbit in your archive`);
      expect(mail.text.match(/^Episode \d+:/gm)).toHaveLength(MAX_VIDEOS_PER_EMAIL);
      // The greeting and the contents still count the whole week.
      expect(mail.preheader).toContain(`${channels * videos} new videos from ${channels} channels`);
      expect(mail.text).toContain(`- Pocket Orbit: ${videos} videos`);
    },
  );

  it.each([1, 4])(
    "of summaries %d× as long stays under Gmail's clipping size, cut at a whole video",
    (times) => {
      const mail = templates.render("digest", wordyDigest(5, 3, times));
      const bytes = Buffer.byteLength(mail.html);
      expect(bytes).toBeLessThan(GMAIL_CLIP_BYTES);
      const shown = videoHeadings(mail.html);
      expect(mail.text.match(/^Episode \d+:/gm)).toHaveLength(shown);
      if (times > 1) {
        expect(bytes).toBeGreaterThan(80 * 1024);
        expect(shown).toBeLessThan(MAX_VIDEOS_PER_EMAIL);
        expect(mail.html).toContain(`${15 - shown} more videos in your archive`);
      }
    },
  );

  it("shows a short week whole, with no pointer to the archive but its 'Read in your browser'", () => {
    const mail = templates.render("digest", sampleDigest(3, 2));
    expect(videoHeadings(mail.html)).toBe(6);
    expect(mail.html).not.toContain("in your archive");
    expect(mail.html).toContain(">Read in your browser</a>");
  });

  it("shows the start of the week: channels in order, their newest videos first", () => {
    const mail = templates.render("digest", sampleDigest(4, 5));
    expect(channelHeadings(mail.html)).toEqual([
      "Pocket Orbit",
      "Copper Pan Kitchen",
      "Field Notes on Birds",
      "The Slow Carpenter",
    ]);
    // Ten videos among four channels: three, three, two and two.
    expect(mail.html).toContain("vid001x0002");
    expect(mail.html).not.toContain("vid001x0003");
    expect(mail.html).toContain("vid003x0001");
    expect(mail.html).not.toContain("vid003x0002");
  });
});
