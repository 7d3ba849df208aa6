import { formatDateTime } from "../formatting.ts";
import { button, card, heading, layout, linkToCopy } from "../layout.ts";
import { httpUrl, settingsUrl } from "../links.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

const REASON =
  "You get this e-mail because someone asked to sign in to tubedigest with this address. If it wasn't you, ignore it: nobody can sign in without the link.";

export const signInLink: TemplateSource<"sign-in-link"> = {
  name: "sign-in-link",
  mjml: layout({
    body: card(`${heading("Sign in to tubedigest")}
          <mj-text>Use the button below to sign in. The link works once, until <strong>{{expires}}</strong>.</mj-text>
          ${button("Sign in", "{{link}}")}
          ${linkToCopy("{{link}}")}`),
    reason: REASON,
    links: [{ label: "Settings", href: "{{settingsUrl}}" }],
  }),
  content(data) {
    const link = httpUrl(data.link);
    const expires = formatDateTime(data.expiresAt);
    const settings = settingsUrl(link);
    return {
      subject: "Your tubedigest sign-in link",
      preheader: `Valid until ${expires}, for one sign-in.`,
      values: { link, expires, settingsUrl: settings },
      fragments: {},
      text: textMail({
        blocks: [`Use this link to sign in to tubedigest. It works once, until ${expires}.`, link],
        reason: REASON,
        links: [{ label: "Settings", url: settings }],
      }),
    };
  },
};
