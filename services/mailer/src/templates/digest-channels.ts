import type { Token } from "markdown-it";
import { escapeHtml } from "./escape-html.ts";
import { formatDate, oneLine } from "./formatting.ts";
import { linkHtml, paragraphHtml } from "./html-fragments.ts";
import { httpUrl } from "./links.ts";
import { INLINE, LOOK } from "./mail-look.ts";
import { markdownHtml } from "./markdown-html.ts";
import { markdownText } from "./markdown-text.ts";
import { parseSummary } from "./summary-markdown.ts";
import type { DigestVideo, TemplateData } from "./template-data.ts";

type Channel = TemplateData["digest"]["channels"][number];

/** The part of a digest that fits: its channels as HTML and as text, and how many videos were left out. */
export interface FittedChannels {
  html: string;
  text: string[];
  shownVideos: number;
  leftOutVideos: number;
}

const CHANNEL_OPEN = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:separate;background:${LOOK.card};border:1px solid ${LOOK.border};border-radius:${LOOK.radius};margin:0 0 16px;"><tr><td style="padding:24px 24px 8px;">`;
const CHANNEL_CLOSE = "</td></tr></table>";
const BETWEEN_VIDEOS = `<hr style="border:0;border-top:1px solid ${LOOK.border};margin:8px 0 24px;" />`;

/** A video as the e-mail writes it: one-line title, checked link, date in words. */
interface VideoEntry {
  title: string;
  url: string;
  published: string;
  summary: Token[];
}

function entryOf(video: DigestVideo): VideoEntry {
  return {
    title: oneLine(video.title),
    url: httpUrl(video.url),
    published: formatDate(video.publishedAt),
    summary: parseSummary(video.summaryMarkdown),
  };
}

function videoHtml({ title, url, published, summary }: VideoEntry): string {
  const heading = `<h3 style="${INLINE.h3}">${linkHtml(title, url)}</h3>`;
  return `${heading}${paragraphHtml(published, INLINE.muted)}${markdownHtml(summary)}`;
}

function videoText({ title, url, published, summary }: VideoEntry): string {
  return `${title} (${published})\n${url}\n\n${markdownText(summary)}`;
}

/**
 * The digest's channels, in order, each with its videos in order, for as long as they fit in
 * `roomBytes` of HTML: Gmail clips a message past about 102 KB and hides the rest behind a link, so
 * a long week is cut short here instead and the e-mail says how many more the dashboard has. The
 * first video that does not fit ends the list, so what is shown is always the start of the week.
 */
export function fitChannels(channels: Channel[], roomBytes: number): FittedChannels {
  const html: string[] = [];
  const text: string[] = [];
  let usedBytes = 0;
  let shownVideos = 0;
  let full = false;
  for (const channel of channels) {
    const title = oneLine(channel.title);
    const open = `${CHANNEL_OPEN}<h2 style="${INLINE.h2}">${escapeHtml(title)}</h2>`;
    const blocks: string[] = [];
    for (const video of channel.videos) {
      const entry = entryOf(video);
      const block = `${blocks.length > 0 ? BETWEEN_VIDEOS : ""}${videoHtml(entry)}`;
      const frame = blocks.length === 0 ? Buffer.byteLength(open + CHANNEL_CLOSE) : 0;
      const bytes = frame + Buffer.byteLength(block);
      if (usedBytes + bytes > roomBytes) {
        full = true;
        break;
      }
      if (blocks.length === 0) text.push(`${title}\n${"=".repeat(title.length)}`);
      blocks.push(block);
      text.push(videoText(entry));
      usedBytes += bytes;
      shownVideos += 1;
    }
    if (blocks.length > 0) html.push(`${open}${blocks.join("")}${CHANNEL_CLOSE}`);
    if (full) break;
  }
  const allVideos = channels.reduce((sum, channel) => sum + channel.videos.length, 0);
  return { html: html.join(""), text, shownVideos, leftOutVideos: allVideos - shownVideos };
}
