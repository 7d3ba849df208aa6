import { oneLine } from "../formatting.ts";
import { bulletListHtml } from "../html-fragments.ts";
import { button, card, heading, layout } from "../layout.ts";
import { httpUrl } from "../links.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

// SPEC §9: the e-mail quotes at most 3 bullet points of the preview.
const MAX_BULLETS = 3;
// Sent only to an account at least a day after its welcome, so it neither repeats nor contradicts it:
// it says nothing of whether the trial still runs.
const REASON =
  "You get this one reminder because you previewed a digest on tubedigest with your account's address. We won't send another this week.";
const OFFER = "Choose a plan to keep it coming to your inbox every Monday morning.";

export const abandonment: TemplateSource<"abandonment"> = {
  name: "abandonment",
  mjml: layout({
    body: card(`${heading("Your digest is one step away")}
          <mj-text>{{intro}}</mj-text>
          <mj-text padding="0 24px">{{{bullets}}}</mj-text>
          <mj-text>${OFFER}</mj-text>
          ${button("Pick up where you left off", "{{continueUrl}}")}`),
    reason: REASON,
    // The account may have no password yet, so no settings page to link: the footer leads back to the preview.
    links: [{ label: "tubedigest", href: "{{continueUrl}}" }],
  }),
  content(data) {
    const channel = data.channelName === null ? null : oneLine(data.channelName);
    const bullets = data.summaryBullets.slice(0, MAX_BULLETS).map(oneLine);
    const continueUrl = httpUrl(data.continueUrl);
    const previewed = channel
      ? `You previewed tubedigest's weekly summary of ${channel}.`
      : "You previewed tubedigest's weekly summary.";
    const intro = bullets.length > 0 ? `${previewed} Here's a taste of what it said:` : previewed;
    return {
      subject: channel
        ? `Your weekly digest of ${channel} is one step away`
        : "Your weekly digest is one step away",
      preheader: bullets[0] ?? OFFER,
      values: { intro, continueUrl },
      fragments: { bullets: bullets.length > 0 ? bulletListHtml(bullets) : "" },
      text: textMail({
        blocks: [
          intro,
          bullets.map((bullet) => `- ${bullet}`).join("\n"),
          OFFER,
          `Pick up where you left off: ${continueUrl}`,
        ],
        reason: REASON,
        links: [{ label: "tubedigest", url: continueUrl }],
      }),
    };
  },
};
