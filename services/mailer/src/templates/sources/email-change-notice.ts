import { formatDateTime, greeting } from "../formatting.ts";
import { button, card, heading, layout } from "../layout.ts";
import { httpUrl } from "../links.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

const REASON =
  "You get this e-mail because this is your tubedigest account's address. The confirmation link goes only to the new address, never here.";
const IF_YOU = "If this was you, there's nothing to do here.";
const IF_NOT =
  "If it wasn't, change your password in settings now: that cancels the move and signs everyone else out of your account.";

export const emailChangeNotice: TemplateSource<"email-change-notice"> = {
  name: "email-change-notice",
  mjml: layout({
    body: card(`${heading("Your address may change")}
          <mj-text>{{greeting}}</mj-text>
          <mj-text>At {{requested}}, someone signed in to your tubedigest account asked to move it to <strong>{{newEmail}}</strong>. We wrote to that address; nothing changes unless the move is confirmed from there, within a day.</mj-text>
          <mj-text>${IF_YOU}</mj-text>
          <mj-text>${IF_NOT}</mj-text>
          ${button("Open settings", "{{settingsUrl}}")}`),
    reason: REASON,
    links: [{ label: "Settings", href: "{{settingsUrl}}" }],
  }),
  content(data) {
    const requested = formatDateTime(data.requestedAt);
    const settings = httpUrl(data.settingsUrl);
    const asked = `At ${requested}, someone signed in to your tubedigest account asked to move it to ${data.newEmail}. We wrote to that address; nothing changes unless the move is confirmed from there, within a day.`;
    return {
      subject: "Your tubedigest address may change",
      preheader: `A move to ${data.newEmail} was asked for. Nothing changes unless it is confirmed from there.`,
      values: {
        greeting: greeting(data.recipientName),
        requested,
        newEmail: data.newEmail,
        settingsUrl: settings,
      },
      fragments: {},
      text: textMail({
        blocks: [greeting(data.recipientName), asked, IF_YOU, IF_NOT, `Open settings: ${settings}`],
        reason: REASON,
        links: [{ label: "Settings", url: settings }],
      }),
    };
  },
};
