import { formatDate, formatUsd, greeting, oneLine } from "../formatting.ts";
import { button, card, heading, layout } from "../layout.ts";
import { httpUrl } from "../links.ts";
import { SUBSCRIPTION_SETTINGS } from "../plan-wording.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

const REASON = "You get this e-mail because a plan was chosen for your tubedigest account.";

/**
 * A plan chosen during the free days: it starts when they end, and nothing is charged before (the card is
 * saved for then). Not a receipt: no payment was made.
 */
export const trialPlanChosen: TemplateSource<"trial-plan-chosen"> = {
  name: "trial-plan-chosen",
  mjml: layout({
    body: card(`${heading("Your plan starts on {{startsAt}}")}
          <mj-text>{{greeting}}</mj-text>
          <mj-text>Thank you for choosing {{planName}}. Your free trial goes on until <strong>{{startsAt}}</strong>, and your plan starts then.</mj-text>
          <mj-text><strong>{{terms}}</strong></mj-text>
          <mj-text>{{cancel}}</mj-text>
          ${button("Manage your plan", "{{subscriptionUrl}}")}`),
    reason: REASON,
    links: [{ label: "Settings", href: "{{subscriptionUrl}}" }],
  }),
  content(data) {
    const planName = oneLine(data.planName);
    const startsAt = formatDate(data.startsAt);
    const subscriptionUrl = httpUrl(data.subscriptionUrl);
    const terms = data.testMode
      ? "Due today $0.00. This plan was chosen in test mode, so nothing is charged, then or later."
      : `Due today $0.00, then ${formatUsd(data.priceCents)}/month from ${startsAt}.`;
    const cancel = data.testMode
      ? `You can change or cancel it any time in ${SUBSCRIPTION_SETTINGS}.`
      : `Your card is saved for then. To cancel before ${startsAt} and pay nothing, open ${SUBSCRIPTION_SETTINGS} and choose Cancel Subscription.`;
    return {
      subject: `Your ${planName} plan starts on ${startsAt}`,
      preheader: terms,
      values: {
        greeting: greeting(data.recipientName),
        planName,
        startsAt,
        terms,
        cancel,
        subscriptionUrl,
      },
      fragments: {},
      text: textMail({
        blocks: [
          greeting(data.recipientName),
          `Thank you for choosing ${planName}. Your free trial goes on until ${startsAt}, and your plan starts then.`,
          terms,
          cancel,
          `Manage your plan: ${subscriptionUrl}`,
        ],
        reason: REASON,
        links: [{ label: "Settings", url: subscriptionUrl }],
      }),
    };
  },
};
