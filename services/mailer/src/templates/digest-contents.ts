import type { Digest } from "@tubedigest/contracts/digest";
import { channelAnchor } from "./digest-channels.ts";
import { escapeHtml } from "./escape-html.ts";
import { countOf } from "./formatting.ts";
import { cardHtml } from "./html-fragments.ts";
import { INLINE, LOOK } from "./mail-look.ts";

/**
 * The e-mail's table of contents: each channel with its count of new videos, linking to its card, or to
 * the archive when none of its videos fitted. Jump links work in most mail clients; where one drops them
 * (Gmail's apps), the list still reads as what the week holds. None for a single channel.
 */
export function digestContents(
  digest: Digest,
  shown: readonly number[],
  archiveUrl: string,
): { html: string; text: string } {
  if (digest.channels.length < 2) return { html: "", text: "" };
  const items = digest.channels.map((channel, index) => {
    const href = (shown[index] ?? 0) > 0 ? `#${channelAnchor(index)}` : archiveUrl;
    return {
      html: `<li style="${INLINE.li}"><a href="${escapeHtml(href)}" style="${INLINE.a}">${escapeHtml(channel.title)}</a> <span style="color:${LOOK.muted};font-size:14px">${countOf(channel.videos.length, "video")}</span></li>`,
      text: `- ${channel.title}: ${countOf(channel.videos.length, "video")}`,
    };
  });
  return {
    html: cardHtml(
      `<p style="${INLINE.p};font-weight:600;margin-bottom:8px">In this newsletter</p><ol style="${INLINE.ul}">${items.map((item) => item.html).join("")}</ol>`,
    ),
    text: ["In this newsletter:", ...items.map((item) => item.text)].join("\n"),
  };
}
