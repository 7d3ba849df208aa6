import { formatDateTime } from "../formatting.ts";
import { button, card, heading, layout, linkToCopy } from "../layout.ts";
import { httpUrl } from "../links.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

const REASON =
  "You get this e-mail because this address was entered as the new address of a tubedigest account. If that wasn't you, ignore it: nothing changes unless the link is followed.";
const ASKED =
  "Someone signed in to tubedigest asked to make this the address of their account. Confirm it, and the account's digests and messages come here from then on.";

export const emailChangeConfirmation: TemplateSource<"email-change-confirmation"> = {
  name: "email-change-confirmation",
  mjml: layout({
    body: card(`${heading("Confirm your new address")}
          <mj-text>${ASKED}</mj-text>
          <mj-text>The link works once, until <strong>{{expires}}</strong>.</mj-text>
          ${button("Confirm this address", "{{link}}")}
          ${linkToCopy("{{link}}")}`),
    reason: REASON,
    links: [{ label: "Privacy", href: "{{privacyUrl}}" }],
  }),
  content(data) {
    const link = httpUrl(data.link);
    const expires = formatDateTime(data.expiresAt);
    const privacyUrl = new URL("/privacy", link).href;
    return {
      subject: "Confirm your new tubedigest address",
      preheader: `One click makes this your account's address. The link works until ${expires}.`,
      values: { link, expires, privacyUrl },
      fragments: {},
      text: textMail({
        blocks: [ASKED, `The link works once, until ${expires}.`, `Confirm this address: ${link}`],
        reason: REASON,
        links: [{ label: "Privacy", url: privacyUrl }],
      }),
    };
  },
};
