import { formatDate, greeting, oneLine } from "../formatting.ts";
import { button, card, heading, layout } from "../layout.ts";
import { httpUrl } from "../links.ts";
import { NOTHING_DELETED, SUBSCRIPTION_SETTINGS } from "../plan-wording.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

const REASON = "You get this e-mail because the plan on your tubedigest account was cancelled.";
const AFTER = `After that the digests stop. ${NOTHING_DELETED}`;

/** Cancelled at the period's end: access goes on until then, and 'Resume' undoes it meanwhile. */
export const cancellation: TemplateSource<"cancellation"> = {
  name: "cancellation",
  mjml: layout({
    body: card(`${heading("Your plan is cancelled")}
          <mj-text>{{greeting}}</mj-text>
          <mj-text>Your {{planName}} plan is cancelled, as you asked. You keep full access, digests included, until <strong>{{accessUntil}}</strong>, and you won't be charged again.</mj-text>
          <mj-text>${AFTER}</mj-text>
          <mj-text>{{resume}}</mj-text>
          ${button("Open your subscription", "{{subscriptionUrl}}")}`),
    reason: REASON,
    links: [{ label: "Settings", href: "{{subscriptionUrl}}" }],
  }),
  content(data) {
    const accessUntil = formatDate(data.accessUntil);
    const planName = oneLine(data.planName);
    const subscriptionUrl = httpUrl(data.subscriptionUrl);
    const resume = `Changed your mind? Choose Resume in ${SUBSCRIPTION_SETTINGS} before ${accessUntil}, and your plan goes on as before.`;
    return {
      subject: `Your ${planName} plan is cancelled: access until ${accessUntil}`,
      preheader: `Your digests keep coming until ${accessUntil}. Nothing is deleted.`,
      values: { greeting: greeting(data.recipientName), planName, accessUntil, resume, subscriptionUrl },
      fragments: {},
      text: textMail({
        blocks: [
          greeting(data.recipientName),
          `Your ${planName} plan is cancelled, as you asked. You keep full access, digests included, until ${accessUntil}, and you won't be charged again.`,
          AFTER,
          resume,
          `Open your subscription: ${subscriptionUrl}`,
        ],
        reason: REASON,
        links: [{ label: "Settings", url: subscriptionUrl }],
      }),
    };
  },
};
