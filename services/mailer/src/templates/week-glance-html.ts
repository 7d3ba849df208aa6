import type { DigestPeriod } from "@tubedigest/contracts/delivery-time";
import type { WeekGlanceLine } from "@tubedigest/contracts/digest";
import { cardHtml, linkHtml } from "./html-fragments.ts";
import { INLINE, LOOK } from "./mail-look.ts";
import { shortVideoUrl } from "./short-video-url.ts";
import { inlineHtml } from "./summary-html.ts";

/** "Your week at a glance", or a daily digest's "Your day at a glance". */
const glanceTitle = (period: DigestPeriod) => `Your ${period} at a glance`;

/**
 * The week at a glance the e-mail opens with: each line, and under it the videos it rests on, linked to
 * YouTube (a video the e-mail had no room for is still one click away). None when the digest has none.
 */
export function weekGlanceHtml(
  lines: readonly WeekGlanceLine[],
  period: DigestPeriod = "week",
): { html: string; text: string } {
  if (lines.length === 0) return { html: "", text: "" };
  const title = glanceTitle(period);
  const items = lines.map((line) => {
    const sources = line.sources.map((source) => linkHtml(source.title, source.url)).join(" · ");
    return `<li style="${INLINE.li}">${inlineHtml(line.text)}<br /><span style="color:${LOOK.muted};font-size:14px">${sources}</span></li>`;
  });
  const text = lines.map(
    (line) =>
      `- ${line.text.map((run) => run.text).join("")}\n  (${line.sources.map((source) => `${source.title}: ${shortVideoUrl(source.url)}`).join("; ")})`,
  );
  return {
    html: cardHtml(
      `<p style="${INLINE.p};font-weight:600;margin-bottom:8px">${title}</p><ul style="${INLINE.ul}">${items.join("")}</ul>`,
    ),
    text: [`${title}:`, ...text].join("\n"),
  };
}
