import { card, heading, layout } from "../layout.ts";
import { httpUrl } from "../links.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

const REASON =
  "You get this e-mail because the tubedigest account at this address was deleted. No other e-mail follows.";
const DONE =
  "As you asked, your tubedigest account is deleted. Your channels, newsletters and settings are erased, and any paid plan is cancelled: nothing more will be charged.";
const KEPT =
  "Stripe, our payment provider, keeps the invoices of what you paid, as tax law requires. We keep nothing that names you.";
const LAST =
  "This is the last e-mail we send to this address. If you sign up again one day, you start afresh.";

export const accountDeleted: TemplateSource<"account-deleted"> = {
  name: "account-deleted",
  mjml: layout({
    body: card(`${heading("Your account is deleted")}
          <mj-text>${DONE}</mj-text>
          <mj-text>${KEPT}</mj-text>
          <mj-text>${LAST}</mj-text>`),
    reason: REASON,
    links: [{ label: "Privacy", href: "{{privacyUrl}}" }],
  }),
  content(data) {
    const privacyUrl = httpUrl(data.privacyUrl);
    return {
      subject: "Your tubedigest account is deleted",
      preheader: "Your channels, newsletters and settings are erased. This is the last e-mail we send.",
      values: { privacyUrl },
      fragments: {},
      text: textMail({
        blocks: [DONE, KEPT, LAST],
        reason: REASON,
        links: [{ label: "Privacy", url: privacyUrl }],
      }),
    };
  },
};
