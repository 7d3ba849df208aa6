import { formatDate, greeting } from "../formatting.ts";
import { button, card, heading, layout } from "../layout.ts";
import { httpUrl, settingsUrl } from "../links.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

const REASON = "You get this e-mail because your tubedigest free trial is about to end.";
const KEPT =
  "If you don't subscribe, the digests stop, but nothing is deleted: your channels and past digests stay in your dashboard.";

export const trialEnding: TemplateSource<"trial-ending"> = {
  name: "trial-ending",
  mjml: layout({
    body: card(`${heading("Your free trial ends soon")}
          <mj-text>{{greeting}}</mj-text>
          <mj-text>Your tubedigest free trial ends on <strong>{{trialEnds}}</strong>. Choose a plan to keep getting your digest every Monday.</mj-text>
          <mj-text>${KEPT}</mj-text>
          ${button("Choose a plan", "{{subscribeUrl}}")}`),
    reason: REASON,
    links: [{ label: "Settings", href: "{{settingsUrl}}" }],
  }),
  content(data) {
    const trialEnds = formatDate(data.trialEndsAt);
    const subscribeUrl = httpUrl(data.subscribeUrl);
    const settings = settingsUrl(subscribeUrl);
    return {
      subject: `Your tubedigest trial ends on ${trialEnds}`,
      preheader: "Choose a plan to keep your Monday digests coming. Your channels stay either way.",
      values: { greeting: greeting(data.recipientName), trialEnds, subscribeUrl, settingsUrl: settings },
      fragments: {},
      text: textMail({
        blocks: [
          greeting(data.recipientName),
          `Your tubedigest free trial ends on ${trialEnds}. Choose a plan to keep getting your digest every Monday.`,
          KEPT,
          `Choose a plan: ${subscribeUrl}`,
        ],
        reason: REASON,
        links: [{ label: "Settings", url: settings }],
      }),
    };
  },
};
