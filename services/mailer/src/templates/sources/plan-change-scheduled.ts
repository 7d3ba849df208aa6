import { formatDate, formatUsd, greeting, oneLine } from "../formatting.ts";
import { button, card, heading, layout } from "../layout.ts";
import { httpUrl } from "../links.ts";
import { SUBSCRIPTION_SETTINGS } from "../plan-wording.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

const REASON = "You get this e-mail because a change to the plan of your tubedigest account was scheduled.";

/**
 * A move down, scheduled for the end of the period paid for: the plan in force stays until then. Or such a
 * move undone, the plan going on as it is.
 */
export const planChangeScheduled: TemplateSource<"plan-change-scheduled"> = {
  name: "plan-change-scheduled",
  mjml: layout({
    body: card(`${heading("{{title}}")}
          <mj-text>{{greeting}}</mj-text>
          <mj-text>{{what}}</mj-text>
          <mj-text>{{undo}}</mj-text>
          ${button("Manage your plan", "{{subscriptionUrl}}")}`),
    reason: REASON,
    links: [{ label: "Settings", href: "{{subscriptionUrl}}" }],
  }),
  content(data) {
    const planName = oneLine(data.planName);
    const effectiveAt = formatDate(data.effectiveAt);
    const subscriptionUrl = httpUrl(data.subscriptionUrl);
    const next = data.nextPlan;
    const nextName = next ? oneLine(next.planName) : "";
    const nextPrice = next
      ? data.testMode
        ? "nothing charged: test mode"
        : `${formatUsd(next.priceCents)}/month`
      : "";
    const title = next ? `Your plan moves to ${nextName} on ${effectiveAt}` : `You stay on ${planName}`;
    const what = next
      ? `You keep your ${planName} plan until ${effectiveAt}. Then it becomes ${nextName} (${nextPrice}).`
      : `The move to another plan you had scheduled is undone: your ${planName} plan goes on as it is.`;
    const undo = next
      ? `To stay on ${planName}, choose Keep ${planName} in ${SUBSCRIPTION_SETTINGS} before ${effectiveAt}.`
      : `You can change your plan any time in ${SUBSCRIPTION_SETTINGS}.`;
    return {
      subject: title,
      preheader: what,
      values: { greeting: greeting(data.recipientName), title, what, undo, subscriptionUrl },
      fragments: {},
      text: textMail({
        blocks: [greeting(data.recipientName), what, undo, `Manage your plan: ${subscriptionUrl}`],
        reason: REASON,
        links: [{ label: "Settings", url: subscriptionUrl }],
      }),
    };
  },
};
