import { formatDateTime } from "../formatting.ts";
import { button, card, heading, layout, linkToCopy } from "../layout.ts";
import { httpUrl, settingsUrl } from "../links.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

// Anyone can ask for this mail for any address, so it must calm the owner who did not ask: without the
// link nothing changes.
const REASON =
  "You get this e-mail because someone asked to reset the password of the tubedigest account with this address.";
const IF_NOT = "If you didn't ask, ignore this e-mail: nothing changes, and your password stays as it is.";
const SIGNED_OUT = "Setting a new password signs you out on every other device.";

export const passwordReset: TemplateSource<"password-reset"> = {
  name: "password-reset",
  mjml: layout({
    body: card(`${heading("Set a new password")}
          <mj-text>Use the button below to choose a new password for your tubedigest account. The link works once, for an hour: until <strong>{{expires}}</strong>.</mj-text>
          ${button("Set a new password", "{{link}}")}
          ${linkToCopy("{{link}}")}
          <mj-text>${SIGNED_OUT}</mj-text>
          <mj-text>${IF_NOT}</mj-text>`),
    reason: REASON,
    links: [{ label: "Settings", href: "{{settingsUrl}}" }],
  }),
  content(data) {
    const link = httpUrl(data.link);
    const expires = formatDateTime(data.expiresAt);
    const settings = settingsUrl(link);
    return {
      subject: "Reset your tubedigest password",
      preheader: `The link works once, until ${expires}. Didn't ask? Ignore it.`,
      values: { link, expires, settingsUrl: settings },
      fragments: {},
      text: textMail({
        blocks: [
          `Use this link to choose a new password for your tubedigest account. It works once, for an hour: until ${expires}.`,
          link,
          SIGNED_OUT,
          IF_NOT,
        ],
        reason: REASON,
        links: [{ label: "Settings", url: settings }],
      }),
    };
  },
};
