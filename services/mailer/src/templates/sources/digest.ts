import type { DigestPeriod } from "@tubedigest/contracts/delivery-time";
import {
  digestCounts,
  digestOfChannels,
  digestSubject,
  rememberingSummaryReader,
} from "@tubedigest/contracts/digest";
import { fitChannels } from "../digest-channels.ts";
import { digestContents } from "../digest-contents.ts";
import { countOf, greeting, oneLine } from "../formatting.ts";
import { buttonHtml, cardHtml, linkHtml, paragraphHtml } from "../html-fragments.ts";
import { oneCellLayout } from "../layout.ts";
import { httpUrl, settingsUrl } from "../links.ts";
import { INLINE } from "../mail-look.ts";
import { shareVideos } from "../share-videos.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";
import { weekGlanceHtml } from "../week-glance-html.ts";

/** Why the reader gets it, as the footer says: every week, or every day for a daily digest. */
const reasonFor = (period: DigestPeriod) =>
  `You get this digest every ${period} because you follow these channels on tubedigest.`;
// What the HTML holds besides the contents and the channels (the week's card with its greeting and link,
// the subject, the "more" line, the button) stays well under this, so they may use the rest of the room.
const RESERVED_BYTES = 2048;
/** The most videos one e-mail shows: about ten phone screens; the archive page has the whole week. */
export const MAX_VIDEOS_PER_EMAIL = 10;
/**
 * A week's summaries are each in many digests (about two dozen in the digest-at-scale bench): each is
 * read once, not once per recipient. Room for a large Monday's distinct summaries, a few KB each.
 */
const readSummary = rememberingSummaryReader(8_192);

export const digest: TemplateSource<"digest"> = {
  name: "digest",
  mjml: oneCellLayout({
    body: "{{{week}}}{{{glance}}}{{{contents}}}{{{channels}}}{{{more}}}{{{dashboard}}}",
    // Compiled once for both periods: the reason is filled in per message.
    reason: "{{reason}}",
    links: [
      { label: "Settings", href: "{{settingsUrl}}" },
      { label: "Unsubscribe", href: "{{unsubscribeUrl}}" },
    ],
  }),
  content(data, roomBytes) {
    const dashboardUrl = httpUrl(data.dashboardUrl);
    const unsubscribeUrl = httpUrl(data.unsubscribeUrl);
    const archiveUrl = httpUrl(data.archiveUrl);
    const settings = settingsUrl(dashboardUrl);
    const weekLabel = oneLine(data.weekLabel);
    const mailed = digestOfChannels(data.channels, weekLabel, data.glance ?? [], readSummary);
    const week = { ...mailed, channels: mailed.channels.filter((channel) => channel.videos.length > 0) };
    const counts = digestCounts(week);
    const period = data.period ?? "week";
    const intro = `${greeting(data.recipientName)} here's your ${period}: ${counts}.`;
    // The reader's own words, on one line, so they see why the digest opens where it does.
    const orderedFor = data.focus ? `Ordered for: ${oneLine(data.focus)}` : "";
    // The contents are reserved at their longest (every channel linking to the archive) before the
    // channels are fitted, since which channels fit decides where each entry links.
    const longestContents = digestContents(week, [], archiveUrl);
    const glance = weekGlanceHtml(mailed.glance ?? [], period);
    const fitted = fitChannels(
      week,
      shareVideos(week, MAX_VIDEOS_PER_EMAIL),
      roomBytes - RESERVED_BYTES - Buffer.byteLength(longestContents.html) - Buffer.byteLength(glance.html),
      archiveUrl,
    );
    const contents = digestContents(week, fitted.shown, archiveUrl);
    const total = week.channels.reduce((sum, channel) => sum + channel.videos.length, 0);
    const leftOut = total - fitted.shown.reduce((sum, count) => sum + count, 0);
    const more = `${countOf(leftOut, "more video")} in your archive`;
    return {
      subject: data.subject
        ? oneLine(data.subject)
        : digestSubject(
            weekLabel.replace(/^Week of\s+/i, ""),
            week.channels.map((channel) => channel.title),
            period,
          ),
      preheader: `${weekLabel}: ${counts}.`,
      values: { unsubscribeUrl, settingsUrl: settings, reason: reasonFor(period) },
      fragments: {
        week: cardHtml(
          `<h1 style="${INLINE.h1}">Your ${period}</h1>${paragraphHtml(weekLabel, INLINE.muted)}${paragraphHtml(intro)}${orderedFor ? paragraphHtml(orderedFor, INLINE.muted) : ""}<p style="${INLINE.p};font-size:14px">${linkHtml("Read in your browser", archiveUrl)}</p>`,
        ),
        glance: glance.html,
        contents: contents.html,
        channels: fitted.html,
        // In line with the footer's text below it, not with the cards' edges.
        more:
          leftOut > 0
            ? `<p style="${INLINE.p};padding:0 8px;font-weight:600">${linkHtml(more, archiveUrl)}</p>`
            : "",
        dashboard: buttonHtml("Open your dashboard", dashboardUrl),
      },
      text: textMail({
        blocks: [
          weekLabel,
          intro,
          orderedFor,
          `Read in your browser: ${archiveUrl}`,
          glance.text,
          contents.text,
          ...fitted.text,
          leftOut > 0 ? `${more}: ${archiveUrl}` : "",
          `Open your dashboard: ${dashboardUrl}`,
        ],
        reason: reasonFor(period),
        links: [
          { label: "Settings", url: settings },
          { label: "Unsubscribe", url: unsubscribeUrl },
        ],
      }),
    };
  },
};
