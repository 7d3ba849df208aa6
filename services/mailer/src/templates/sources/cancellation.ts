import { formatDate, greeting, oneLine } from "../formatting.ts";
import { button, card, heading, layout } from "../layout.ts";
import { httpUrl } from "../links.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

const REASON = "You get this e-mail because the plan on your tubedigest account was cancelled.";
const AFTER =
  "After that the digests stop. Your channels and past digests stay in your account, so you can subscribe again any time from settings.";

export const cancellation: TemplateSource<"cancellation"> = {
  name: "cancellation",
  mjml: layout({
    body: card(`${heading("Your plan is cancelled")}
          <mj-text>{{greeting}}</mj-text>
          <mj-text>Your {{planName}} plan is cancelled, as you asked. You keep full access, digests included, until <strong>{{accessUntil}}</strong>, and you won't be charged again.</mj-text>
          <mj-text>${AFTER}</mj-text>
          ${button("Open settings", "{{settingsUrl}}")}`),
    reason: REASON,
    links: [{ label: "Settings", href: "{{settingsUrl}}" }],
  }),
  content(data) {
    const accessUntil = formatDate(data.accessUntil);
    const planName = oneLine(data.planName);
    const settings = httpUrl(data.settingsUrl);
    return {
      subject: `Your ${planName} plan is cancelled: access until ${accessUntil}`,
      preheader: `Your digests keep coming until ${accessUntil}. Nothing is deleted.`,
      values: { greeting: greeting(data.recipientName), planName, accessUntil, settingsUrl: settings },
      fragments: {},
      text: textMail({
        blocks: [
          greeting(data.recipientName),
          `Your ${planName} plan is cancelled, as you asked. You keep full access, digests included, until ${accessUntil}, and you won't be charged again.`,
          AFTER,
        ],
        reason: REASON,
        links: [{ label: "Settings", url: settings }],
      }),
    };
  },
};
