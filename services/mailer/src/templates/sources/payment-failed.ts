import { formatDate, formatUsd, greeting, oneLine } from "../formatting.ts";
import { button, card, heading, layout } from "../layout.ts";
import { httpUrl } from "../links.ts";
import { NOTHING_DELETED, SUBSCRIPTION_SETTINGS } from "../plan-wording.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

const REASON = "You get this e-mail because a payment for your tubedigest plan did not go through.";

/**
 * The saved card was declined: while Stripe tries it again the digests go on, and another card can be
 * given in Stripe's portal (Settings › Subscription › Manage Billing); after its last try the plan ends.
 */
export const paymentFailed: TemplateSource<"payment-failed"> = {
  name: "payment-failed",
  mjml: layout({
    body: card(`${heading("Your payment did not go through")}
          <mj-text>{{greeting}}</mj-text>
          <mj-text>We tried to charge {{amount}} for your {{planName}} plan to your saved card, and the payment was declined.</mj-text>
          <mj-text>{{meanwhile}}</mj-text>
          <mj-text>{{todo}}</mj-text>
          ${button("{{actionLabel}}", "{{subscriptionUrl}}")}`),
    reason: REASON,
    links: [{ label: "Settings", href: "{{subscriptionUrl}}" }],
  }),
  content(data) {
    const planName = oneLine(data.planName);
    const amount = formatUsd(data.amountCents);
    const subscriptionUrl = httpUrl(data.subscriptionUrl);
    const retried = data.nextAttemptAt !== null;
    const meanwhile = data.nextAttemptAt
      ? `Your digests keep coming while we try again: the next attempt is on ${formatDate(data.nextAttemptAt)}.`
      : `That was the last attempt, so your ${planName} plan ends and the digests stop. ${NOTHING_DELETED}`;
    const todo = retried
      ? `To use another card, open ${SUBSCRIPTION_SETTINGS} and choose Manage Billing.`
      : `To start the digests again, choose a plan in ${SUBSCRIPTION_SETTINGS}.`;
    const actionLabel = retried ? "Update your card" : "Choose a plan";
    return {
      subject: `Your payment for ${planName} did not go through`,
      preheader: meanwhile,
      values: {
        greeting: greeting(data.recipientName),
        planName,
        amount,
        meanwhile,
        todo,
        actionLabel,
        subscriptionUrl,
      },
      fragments: {},
      text: textMail({
        blocks: [
          greeting(data.recipientName),
          `We tried to charge ${amount} for your ${planName} plan to your saved card, and the payment was declined.`,
          meanwhile,
          todo,
          `${actionLabel}: ${subscriptionUrl}`,
        ],
        reason: REASON,
        links: [{ label: "Settings", url: subscriptionUrl }],
      }),
    };
  },
};
