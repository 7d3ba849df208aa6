import { formatDateTime } from "../formatting.ts";
import { button, card, heading, layout } from "../layout.ts";
import { httpUrl, settingsUrl } from "../links.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

// Its one action is signing in, which the address's owner could always do: nothing in it changes an account.
const REASON =
  "You get this e-mail because this address was entered as the new address of another tubedigest account. We sent no link that changes anything.";
const NOTHING_CHANGED =
  "This address already has its own tubedigest account, so nothing changed: your account and its address stay as they are.";
const IF_YOU = "If it was you, sign in with this address: we can e-mail you a sign-in link.";
const IF_NOT = "If it wasn't, there's nothing to do.";

export const emailChangeAddressTaken: TemplateSource<"email-change-address-taken"> = {
  name: "email-change-address-taken",
  mjml: layout({
    body: card(`${heading("This address already has an account")}
          <mj-text>At {{requested}}, someone signed in to another tubedigest account asked to move that account to this address.</mj-text>
          <mj-text>${NOTHING_CHANGED}</mj-text>
          <mj-text>${IF_YOU}</mj-text>
          <mj-text>${IF_NOT}</mj-text>
          ${button("Email me a sign-in link", "{{signInLinkUrl}}")}`),
    reason: REASON,
    links: [{ label: "Settings", href: "{{settingsUrl}}" }],
  }),
  content(data) {
    const requested = formatDateTime(data.requestedAt);
    const signInLinkUrl = httpUrl(data.signInLinkUrl);
    const settings = settingsUrl(signInLinkUrl);
    const asked = `At ${requested}, someone signed in to another tubedigest account asked to move that account to this address.`;
    return {
      subject: "This address already has a tubedigest account",
      preheader: "Someone asked to move another account to it. Nothing changed.",
      values: { requested, signInLinkUrl, settingsUrl: settings },
      fragments: {},
      text: textMail({
        blocks: [asked, NOTHING_CHANGED, IF_YOU, IF_NOT, `Email me a sign-in link: ${signInLinkUrl}`],
        reason: REASON,
        links: [{ label: "Settings", url: settings }],
      }),
    };
  },
};
