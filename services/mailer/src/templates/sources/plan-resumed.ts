import { formatDate, greeting, oneLine } from "../formatting.ts";
import { button, card, heading, layout } from "../layout.ts";
import { httpUrl } from "../links.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

const REASON = "You get this e-mail because the cancellation of your tubedigest plan was undone.";

/** A cancellation undone before the period's end: the plan goes on as before. */
export const planResumed: TemplateSource<"plan-resumed"> = {
  name: "plan-resumed",
  mjml: layout({
    body: card(`${heading("Your plan goes on")}
          <mj-text>{{greeting}}</mj-text>
          <mj-text>{{resumed}}</mj-text>
          ${button("Manage your plan", "{{subscriptionUrl}}")}`),
    reason: REASON,
    links: [{ label: "Settings", href: "{{subscriptionUrl}}" }],
  }),
  content(data) {
    const planName = oneLine(data.planName);
    const subscriptionUrl = httpUrl(data.subscriptionUrl);
    const resumed = `You resumed your ${planName} plan: it no longer ends on ${formatDate(data.wouldHaveEndedAt)}, and your digests keep coming as before.`;
    return {
      subject: `Your ${planName} plan is resumed`,
      preheader: resumed,
      values: { greeting: greeting(data.recipientName), resumed, subscriptionUrl },
      fragments: {},
      text: textMail({
        blocks: [greeting(data.recipientName), resumed, `Manage your plan: ${subscriptionUrl}`],
        reason: REASON,
        links: [{ label: "Settings", url: subscriptionUrl }],
      }),
    };
  },
};
