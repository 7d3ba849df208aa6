import { oneLine } from "./formatting.ts";
import { bulletListHtml } from "./html-fragments.ts";
import type { PreviewShown } from "./template-data.ts";

// An e-mail quotes at most 3 bullet points of the preview (docs/product.md#limits-and-timings).
const MAX_BULLETS = 3;

/** How an e-mail quotes a preview the visitor saw (the abandonment reminder, a welcome that carries it). */
export interface PreviewQuote {
  /** The channel's title on one line; null when the preview had none. */
  channel: string | null;
  /** "You previewed tubedigest's weekly summary of …", leading into the points when there are any. */
  intro: string;
  bulletsHtml: string;
  bulletsText: string;
  /** The first point, or undefined: what a preheader may show. */
  firstBullet: string | undefined;
}

export function previewQuote(preview: PreviewShown): PreviewQuote {
  const channel = preview.channelName === null ? null : oneLine(preview.channelName);
  const bullets = preview.summaryBullets.slice(0, MAX_BULLETS).map(oneLine);
  const previewed = channel
    ? `You previewed tubedigest's weekly summary of ${channel}.`
    : "You previewed tubedigest's weekly summary.";
  return {
    channel,
    intro: bullets.length > 0 ? `${previewed} Here's a taste of what it said:` : previewed,
    bulletsHtml: bullets.length > 0 ? bulletListHtml(bullets) : "",
    bulletsText: bullets.map((bullet) => `- ${bullet}`).join("\n"),
    firstBullet: bullets[0],
  };
}
