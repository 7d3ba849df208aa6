import { formatUsd, greeting, oneLine } from "../formatting.ts";
import { button, card, heading, layout } from "../layout.ts";
import { httpUrl } from "../links.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

const REASON = "You get this e-mail because the plan of your tubedigest account changed.";

/**
 * The plan in force changed: a move up at once, with what it charged today (the prorated difference), or
 * one that charged nothing (during the trial, or a move down reaching the period's end).
 */
export const planChanged: TemplateSource<"plan-changed"> = {
  name: "plan-changed",
  mjml: layout({
    body: card(`${heading("Your plan is now {{planName}}")}
          <mj-text>{{greeting}}</mj-text>
          <mj-text>Your tubedigest plan is now {{planName}}, at {{price}}/month.</mj-text>
          <mj-text>{{charge}}</mj-text>
          ${button("Manage your plan", "{{subscriptionUrl}}")}`),
    reason: REASON,
    links: [{ label: "Settings", href: "{{subscriptionUrl}}" }],
  }),
  content(data) {
    const planName = oneLine(data.planName);
    const price = formatUsd(data.priceCents);
    const charged = formatUsd(data.chargedCents);
    const subscriptionUrl = httpUrl(data.subscriptionUrl);
    const paidNow = data.chargedCents > 0 && !data.testMode;
    const charge = data.testMode
      ? "It was changed in test mode, so nothing is charged."
      : paidNow
        ? `Charged today: ${charged} to your saved card, the difference for the rest of your current period. From your next renewal on, the plan costs ${price}/month.`
        : `Nothing was charged for the change. From your next payment on, the plan costs ${price}/month.`;
    return {
      subject: paidNow
        ? `Your plan is now ${planName}: ${charged} charged today`
        : `Your plan is now ${planName}`,
      preheader: charge,
      values: { greeting: greeting(data.recipientName), planName, price, charge, subscriptionUrl },
      fragments: {},
      text: textMail({
        blocks: [
          greeting(data.recipientName),
          `Your tubedigest plan is now ${planName}, at ${price}/month.`,
          charge,
          `Manage your plan: ${subscriptionUrl}`,
        ],
        reason: REASON,
        links: [{ label: "Settings", url: subscriptionUrl }],
      }),
    };
  },
};
