import type { Digest, DigestVideo } from "@tubedigest/contracts/digest";
import { escapeHtml } from "./escape-html.ts";
import { countOf, formatDate } from "./formatting.ts";
import { cardHtml, linkHtml, paragraphHtml } from "./html-fragments.ts";
import { INLINE, LOOK } from "./mail-look.ts";
import { shortVideoUrl } from "./short-video-url.ts";
import { summaryHtml } from "./summary-html.ts";
import { summaryText } from "./summary-text.ts";
import { rememberingVideoBlocks } from "./video-blocks.ts";

/** The part of a digest that fits: its channels as HTML and as text, and how many videos of each it shows. */
export interface FittedChannels {
  html: string;
  text: string[];
  /** Per channel, in the digest's order: how many of its videos the e-mail shows (0: none fitted). */
  shown: number[];
}

const BETWEEN_VIDEOS = `<hr style="border:0;border-top:1px solid ${LOOK.border};margin:8px 0 24px" />`;
/** A thumbnail's size in the e-mail: YouTube's 320 × 180 frame at 120 px, beside the title even on a phone. */
const THUMB = { width: 120, height: 68, gap: 12 };

/** The anchor of a channel's card, which the table of contents links to. */
export const channelAnchor = (index: number) => `channel-${index + 1}`;

function videoHtml(video: DigestVideo): string {
  const title = video.url ? linkHtml(video.title, video.url) : escapeHtml(video.title);
  const heading = `<h3 style="${INLINE.h3}">${title}</h3>`;
  const date = video.publishedAt ? paragraphHtml(formatDate(video.publishedAt), INLINE.muted) : "";
  // The alt text names the video, for mail clients that hold pictures back until asked. The cell is the
  // picture's width and the gap after it; the height is styled too, since MJML's head sets images' to auto.
  const picture =
    video.thumbnail && video.url
      ? `<td width="${THUMB.width + THUMB.gap}" valign="top"><a href="${escapeHtml(shortVideoUrl(video.url))}"><img src="${escapeHtml(video.thumbnail.url)}" width="${THUMB.width}" height="${THUMB.height}" alt="${escapeHtml(video.title)}" style="display:block;height:${THUMB.height}px;border:0;border-radius:8px;background:${LOOK.sunken};font-size:12px;color:${LOOK.muted}" /></a></td>`
      : "";
  const head = `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px"><tr>${picture}<td valign="top">${heading}${date}</td></tr></table>`;
  return `${head}${summaryHtml(video)}`;
}

function videoText(video: DigestVideo): string {
  const published = video.publishedAt ? ` (${formatDate(video.publishedAt)})` : "";
  const url = video.url ? `\n${shortVideoUrl(video.url)}` : "";
  return [`${video.title}${published}${url}`, summaryText(video)].filter((part) => part !== "").join("\n\n");
}

/** Each video's block, rendered once for all the digests that show it. */
const videoBlock = rememberingVideoBlocks((video) => {
  const html = videoHtml(video);
  return { html, htmlBytes: Buffer.byteLength(html), text: videoText(video) };
});
const BETWEEN_VIDEOS_BYTES = Buffer.byteLength(BETWEEN_VIDEOS);

/** "2 more videos from Pocket Orbit in your archive": the end of a channel shown in part. */
const moreOf = (count: number, channel: string) =>
  `${countOf(count, "more video")} from ${channel} in your archive`;

/**
 * The digest's channels, in order, each with its first `toShow[i]` videos, for as long as they fit in
 * `roomBytes` of HTML: Gmail clips a message past about 102 KB and hides the rest behind a link, so a long
 * week is cut short here instead. A channel whose videos are not all shown ends with "N more videos from
 * it in your archive"; the first video that does not fit ends the list, so what is shown is always the start.
 */
export function fitChannels(
  digest: Digest,
  toShow: number[],
  roomBytes: number,
  archiveUrl: string,
): FittedChannels {
  const html: string[] = [];
  const text: string[] = [];
  const shown = digest.channels.map(() => 0);
  let usedBytes = 0;
  let full = false;
  for (const [index, channel] of digest.channels.entries()) {
    const heading = `<h2 id="${channelAnchor(index)}" style="${INLINE.h2}">${escapeHtml(channel.title)}</h2>`;
    // Room for the channel's "more" line is kept from its start, so adding it never passes the limit.
    const moreHtml = (count: number) =>
      `<p style="${INLINE.p}">${linkHtml(moreOf(count, channel.title), archiveUrl)}</p>`;
    const frame = Buffer.byteLength(cardHtml(heading + moreHtml(channel.videos.length)));
    const blocks: string[] = [];
    for (const video of channel.videos.slice(0, toShow[index] ?? 0)) {
      const rendered = videoBlock(video);
      const first = blocks.length === 0;
      const block = `${first ? "" : BETWEEN_VIDEOS}${rendered.html}`;
      const bytes = (first ? frame : BETWEEN_VIDEOS_BYTES) + rendered.htmlBytes;
      if (usedBytes + bytes > roomBytes) {
        full = true;
        break;
      }
      if (blocks.length === 0) text.push(`${channel.title}\n${"=".repeat(channel.title.length)}`);
      blocks.push(block);
      text.push(rendered.text);
      usedBytes += bytes;
    }
    shown[index] = blocks.length;
    const more = channel.videos.length - blocks.length;
    if (blocks.length > 0) {
      html.push(cardHtml(`${heading}${blocks.join("")}${more > 0 ? moreHtml(more) : ""}`));
      // The archive's address is not repeated here: the text gives it at its start and its end.
      if (more > 0) text.push(moreOf(more, channel.title));
    }
    if (full) break;
  }
  return { html: html.join(""), text, shown };
}
