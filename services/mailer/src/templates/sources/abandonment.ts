import { button, card, heading, layout } from "../layout.ts";
import { httpUrl } from "../links.ts";
import { previewQuote } from "../preview-quote.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

// Sent only to an account whose welcome went out on an earlier day (a welcome still waiting carries the
// preview itself), so it neither repeats nor contradicts it: it says nothing of whether the trial still runs.
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
    // The account may have no password yet, so no settings page to link: the footer leads back to the
    // preview, and offers the same one-click unsubscribe as the List-Unsubscribe header.
    links: [
      { label: "tubedigest", href: "{{continueUrl}}" },
      { label: "Unsubscribe", href: "{{unsubscribeUrl}}" },
    ],
  }),
  content(data) {
    const quote = previewQuote(data);
    const continueUrl = httpUrl(data.continueUrl);
    const unsubscribeUrl = httpUrl(data.unsubscribeUrl);
    return {
      subject: quote.channel
        ? `Your weekly digest of ${quote.channel} is one step away`
        : "Your weekly digest is one step away",
      preheader: quote.firstBullet ?? OFFER,
      values: { intro: quote.intro, continueUrl, unsubscribeUrl },
      fragments: { bullets: quote.bulletsHtml },
      text: textMail({
        blocks: [quote.intro, quote.bulletsText, OFFER, `Pick up where you left off: ${continueUrl}`],
        reason: REASON,
        links: [
          { label: "tubedigest", url: continueUrl },
          { label: "Unsubscribe", url: unsubscribeUrl },
        ],
      }),
    };
  },
};
