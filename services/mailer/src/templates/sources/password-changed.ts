import { formatDateTime, greeting } from "../formatting.ts";
import { button, card, heading, layout } from "../layout.ts";
import { httpUrl, settingsUrl } from "../links.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

const REASON =
  "You get this e-mail because the password of your tubedigest account changed. We send one for every change, so you would know if it wasn't you.";
const IF_YOU = "If this was you, there's nothing more to do.";
const IF_NOT =
  "If it wasn't, someone else may be using your account: have a sign-in link sent to this address, then choose a new password in settings.";

export const passwordChanged: TemplateSource<"password-changed"> = {
  name: "password-changed",
  mjml: layout({
    body: card(`${heading("{{title}}")}
          <mj-text>{{greeting}}</mj-text>
          <mj-text>{{happened}}</mj-text>
          <mj-text>${IF_YOU}</mj-text>
          <mj-text>${IF_NOT}</mj-text>
          ${button("Email me a sign-in link", "{{signInLinkUrl}}")}`),
    reason: REASON,
    links: [{ label: "Settings", href: "{{settingsUrl}}" }],
  }),
  content(data) {
    const at = formatDateTime(data.changedAt);
    const title = data.firstPassword ? "Your password is set" : "Your password was changed";
    const happened = data.firstPassword
      ? `A password was set for your tubedigest account at ${at}. From now on you can sign in with it, and every other browser signed in to your account was signed out.`
      : `The password of your tubedigest account was changed at ${at}. Every other browser signed in to your account was signed out.`;
    const signInLinkUrl = httpUrl(data.signInLinkUrl);
    const settings = settingsUrl(signInLinkUrl);
    return {
      subject: data.firstPassword
        ? "You set a password for tubedigest"
        : "Your tubedigest password was changed",
      preheader: `${data.firstPassword ? "Set" : "Changed"} at ${at}. If it wasn't you, here is what to do.`,
      values: {
        title,
        greeting: greeting(data.recipientName),
        happened,
        signInLinkUrl,
        settingsUrl: settings,
      },
      fragments: {},
      text: textMail({
        blocks: [
          greeting(data.recipientName),
          happened,
          IF_YOU,
          IF_NOT,
          `Email me a sign-in link: ${signInLinkUrl}`,
        ],
        reason: REASON,
        links: [{ label: "Settings", url: settings }],
      }),
    };
  },
};
