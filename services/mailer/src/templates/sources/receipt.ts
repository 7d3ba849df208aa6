import { formatDate, formatUsd, greeting, oneLine } from "../formatting.ts";
import { paragraphHtml } from "../html-fragments.ts";
import { button, card, heading, layout } from "../layout.ts";
import { httpUrl } from "../links.ts";
import { LOOK } from "../mail-look.ts";
import { TEST_MODE_NO_CHARGE } from "../plan-wording.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

const REASON = "You get this receipt because a plan was bought for your tubedigest account.";
const TEST_MODE_NOTE = "This plan was activated in test mode, so no money was taken.";

const LABEL = `padding:8px 0;border-bottom:1px solid ${LOOK.border};color:${LOOK.muted};`;
const VALUE = `padding:8px 0;border-bottom:1px solid ${LOOK.border};text-align:right;font-weight:600;`;

/** A plan paid for now: what was charged today, and when it renews. */
export const receipt: TemplateSource<"receipt"> = {
  name: "receipt",
  mjml: layout({
    body: card(`${heading("Your receipt")}
          <mj-text>{{greeting}}</mj-text>
          <mj-text>Thank you: your {{planName}} plan is active. Here is your receipt.</mj-text>
          <mj-table color="${LOOK.text}" font-size="16px" line-height="1.5" padding="0 24px 16px">
            <tr><td style="${LABEL}">Plan</td><td style="${VALUE}">{{planName}}</td></tr>
            <tr><td style="${LABEL}">Charged today</td><td style="${VALUE}">{{amount}}</td></tr>
            <tr><td style="${LABEL}">Renews on</td><td style="${VALUE}">{{periodEnd}}</td></tr>
          </mj-table>
          <mj-text padding="0 24px">{{{testModeNote}}}</mj-text>
          ${button("Manage your plan", "{{subscriptionUrl}}")}`),
    reason: REASON,
    links: [{ label: "Settings", href: "{{subscriptionUrl}}" }],
  }),
  content(data) {
    const planName = oneLine(data.planName);
    const amount = data.testMode ? TEST_MODE_NO_CHARGE : formatUsd(data.amountCents);
    const periodEnd = formatDate(data.periodEnd);
    const subscriptionUrl = httpUrl(data.subscriptionUrl);
    return {
      subject: data.testMode
        ? `Receipt for your ${planName} plan (${TEST_MODE_NO_CHARGE.toLowerCase()})`
        : `Receipt for your ${planName} plan: ${amount}`,
      preheader: `${planName} plan, ${data.testMode ? TEST_MODE_NO_CHARGE.toLowerCase() : `${amount} charged today`}. Renews on ${periodEnd}.`,
      values: { greeting: greeting(data.recipientName), planName, amount, periodEnd, subscriptionUrl },
      fragments: { testModeNote: data.testMode ? paragraphHtml(TEST_MODE_NOTE) : "" },
      text: textMail({
        blocks: [
          greeting(data.recipientName),
          `Thank you: your ${planName} plan is active. Here is your receipt.`,
          [`Plan: ${planName}`, `Charged today: ${amount}`, `Renews on: ${periodEnd}`].join("\n"),
          data.testMode ? TEST_MODE_NOTE : "",
          `Manage your plan: ${subscriptionUrl}`,
        ],
        reason: REASON,
        links: [{ label: "Settings", url: subscriptionUrl }],
      }),
    };
  },
};
