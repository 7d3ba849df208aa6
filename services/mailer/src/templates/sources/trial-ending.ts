import { formatDate, formatUsd, greeting, oneLine } from "../formatting.ts";
import { button, card, heading, layout } from "../layout.ts";
import { httpUrl } from "../links.ts";
import { NOTHING_DELETED, SUBSCRIPTION_SETTINGS } from "../plan-wording.ts";
import type { TemplateData } from "../template-data.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

const REASON = "You get this e-mail because your tubedigest free trial is about to end.";

/** What the reminder says will happen when the trial ends, and the one thing to do about it. */
interface TrialEnd {
  subject: string;
  title: string;
  /** What happens on the day. */
  onTheDay: string;
  /** How to change it. */
  choice: string;
  action: { label: string; url: string };
}

/**
 * What the trial's end brings, for the account as the reminder is sent: with a card saved, the first
 * charge (amount and date) and how to cancel before it; with a test-mode plan, that it starts and nothing
 * is charged; without a card, that the digests stop and how to keep them.
 */
function trialEnd(data: TemplateData["trial-ending"], trialEnds: string): TrialEnd {
  const plan = data.nextPlan;
  const subscription = httpUrl(data.subscriptionUrl);
  const manage = { label: "Manage your plan", url: subscription };
  if (plan === null) {
    return {
      subject: `Your tubedigest trial ends on ${trialEnds}`,
      title: "Your free trial ends soon",
      onTheDay: `Your tubedigest free trial ends on ${trialEnds}. After that the digests stop. ${NOTHING_DELETED}`,
      choice: "Choose a plan to keep your weekly digest coming.",
      action: { label: "Choose a plan", url: httpUrl(data.subscribeUrl) },
    };
  }
  const planName = oneLine(plan.planName);
  if (plan.testMode) {
    return {
      subject: `Your ${planName} plan starts on ${trialEnds}`,
      title: `Your ${planName} plan starts soon`,
      onTheDay: `Your free trial ends on ${trialEnds}, and your ${planName} plan starts then. It was chosen in test mode, so nothing is charged.`,
      choice: `You can change or cancel it any time in ${SUBSCRIPTION_SETTINGS}.`,
      action: manage,
    };
  }
  if (plan.cardSaved) {
    const amount = formatUsd(plan.amountCents);
    return {
      subject: `Your ${planName} plan starts on ${trialEnds}: ${amount} to your saved card`,
      title: `Your ${planName} plan starts soon`,
      onTheDay: `Your free trial ends on ${trialEnds}, and your ${planName} plan starts then: ${amount} is charged to your saved card on ${trialEnds}, then every month.`,
      choice: `To cancel before then and pay nothing, open ${SUBSCRIPTION_SETTINGS} and choose Cancel Subscription.`,
      action: manage,
    };
  }
  return {
    subject: `Your tubedigest trial ends on ${trialEnds}: add a card to keep ${planName}`,
    title: "Your free trial ends soon",
    onTheDay: `Your free trial ends on ${trialEnds}. No card is saved for your ${planName} plan, so it cannot start then, and the digests stop. ${NOTHING_DELETED}`,
    choice: `To keep them coming, add a card in ${SUBSCRIPTION_SETTINGS} (Manage Billing) before ${trialEnds}.`,
    action: manage,
  };
}

export const trialEnding: TemplateSource<"trial-ending"> = {
  name: "trial-ending",
  mjml: layout({
    body: card(`${heading("{{title}}")}
          <mj-text>{{greeting}}</mj-text>
          <mj-text>{{onTheDay}}</mj-text>
          <mj-text>{{choice}}</mj-text>
          ${button("{{actionLabel}}", "{{actionUrl}}")}`),
    reason: REASON,
    links: [{ label: "Settings", href: "{{subscriptionUrl}}" }],
  }),
  content(data) {
    const trialEnds = formatDate(data.trialEndsAt);
    const end = trialEnd(data, trialEnds);
    const subscriptionUrl = httpUrl(data.subscriptionUrl);
    return {
      subject: end.subject,
      preheader: end.onTheDay,
      values: {
        greeting: greeting(data.recipientName),
        title: end.title,
        onTheDay: end.onTheDay,
        choice: end.choice,
        actionUrl: end.action.url,
        actionLabel: end.action.label,
        subscriptionUrl,
      },
      fragments: {},
      text: textMail({
        blocks: [
          greeting(data.recipientName),
          end.onTheDay,
          end.choice,
          `${end.action.label}: ${end.action.url}`,
        ],
        reason: REASON,
        links: [{ label: "Settings", url: subscriptionUrl }],
      }),
    };
  },
};
