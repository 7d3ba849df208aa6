import { fitChannels } from "../digest-channels.ts";
import { countOf, greeting, listOf, oneLine } from "../formatting.ts";
import { linkHtml } from "../html-fragments.ts";
import { button, card, heading, layout } from "../layout.ts";
import { httpUrl, settingsUrl } from "../links.ts";
import { INLINE } from "../mail-look.ts";
import type { TemplateData } from "../template-data.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

const REASON = "You get this digest every Monday because you follow these channels on tubedigest.";
// What the HTML holds besides the channels (greeting, subject, links, the "more" line) stays well
// under this, so the channels may use the rest of the room.
const RESERVED_BYTES = 2048;

/** "Your week: Pocket Orbit, Copper Pan Kitchen and 3 more": the first channels, as the e-mail orders them. */
function subjectOf(channelTitles: string[]): string {
  if (channelTitles.length === 0) return "Your week on tubedigest: no new videos";
  const named =
    channelTitles.length <= 3
      ? channelTitles
      : [...channelTitles.slice(0, 2), `${channelTitles.length - 2} more`];
  return `Your week: ${listOf(named)}`;
}

/** "12 new videos from 5 channels". */
function countsOf(data: TemplateData["digest"], channelsWithVideos: number): string {
  const videos = data.channels.reduce((sum, channel) => sum + channel.videos.length, 0);
  if (videos === 0) return "no new videos";
  return `${countOf(videos, "new video")} from ${countOf(channelsWithVideos, "channel")}`;
}

export const digest: TemplateSource<"digest"> = {
  name: "digest",
  mjml: layout({
    body: `${card(`${heading("Your week")}
          <mj-text padding="0 24px 8px" font-size="14px">{{weekLabel}}</mj-text>
          <mj-text>{{intro}}</mj-text>`)}
      <mj-section padding="16px 0 0">
        <mj-column>
          <mj-text padding="0">{{{channels}}}{{{more}}}</mj-text>
          ${button("Open your dashboard", "{{dashboardUrl}}")}
        </mj-column>
      </mj-section>`,
    reason: REASON,
    links: [
      { label: "Settings", href: "{{settingsUrl}}" },
      { label: "Unsubscribe", href: "{{unsubscribeUrl}}" },
    ],
  }),
  content(data, roomBytes) {
    const dashboardUrl = httpUrl(data.dashboardUrl);
    const unsubscribeUrl = httpUrl(data.unsubscribeUrl);
    const settings = settingsUrl(dashboardUrl);
    const weekLabel = oneLine(data.weekLabel);
    const titles = data.channels
      .filter((channel) => channel.videos.length > 0)
      .map((channel) => oneLine(channel.title));
    const counts = countsOf(data, titles.length);
    const intro = `${greeting(data.recipientName)} here's your week: ${counts}.`;
    const fitted = fitChannels(data.channels, roomBytes - RESERVED_BYTES);
    const more = `${countOf(fitted.leftOutVideos, "more video")} in your dashboard`;
    return {
      subject: data.subject ? oneLine(data.subject) : subjectOf(titles),
      preheader: `${weekLabel}: ${counts}.`,
      values: { weekLabel, intro, dashboardUrl, unsubscribeUrl, settingsUrl: settings },
      fragments: {
        channels: fitted.html,
        more:
          fitted.leftOutVideos > 0
            ? `<p style="${INLINE.p}font-weight:600;">${linkHtml(more, dashboardUrl)}</p>`
            : "",
      },
      text: textMail({
        blocks: [
          weekLabel,
          intro,
          ...fitted.text,
          fitted.leftOutVideos > 0 ? `${more}: ${dashboardUrl}` : "",
          `Open your dashboard: ${dashboardUrl}`,
        ],
        reason: REASON,
        links: [
          { label: "Settings", url: settings },
          { label: "Unsubscribe", url: unsubscribeUrl },
        ],
      }),
    };
  },
};
