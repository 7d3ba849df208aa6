import { formatDate, greeting } from "../formatting.ts";
import { button, card, heading, layout } from "../layout.ts";
import { httpUrl, settingsUrl } from "../links.ts";
import { INLINE } from "../mail-look.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

const REASON = "You get this e-mail because a tubedigest account was created with this address.";
const HOW_IT_WORKS =
  "Every Monday morning we e-mail you short summaries of the new videos from the channels you follow, with links to the moments that matter. Your first digest arrives within 7 days.";
const CHANNELS = "You can add or change your channels any time in your dashboard.";
// The one e-mail of a landing-page sign-up's first day: no separate reminder follows the preview that day.
const PREVIEW = "Previewed a digest on our home page? Pick up where you left off, and choose a plan there.";

export const welcome: TemplateSource<"welcome"> = {
  name: "welcome",
  mjml: layout({
    body: card(`${heading("Welcome to tubedigest")}
          <mj-text>{{greeting}}</mj-text>
          <mj-text>Your 7-day free trial has started and runs until <strong>{{trialEnds}}</strong>. No card needed.</mj-text>
          <mj-text>${HOW_IT_WORKS}</mj-text>
          <mj-text>${CHANNELS}</mj-text>
          ${button("Open your dashboard", "{{dashboardUrl}}")}
          <mj-text>${PREVIEW} <a href="{{previewUrl}}" style="${INLINE.a}">Back to your preview</a></mj-text>`),
    reason: REASON,
    links: [{ label: "Settings", href: "{{settingsUrl}}" }],
  }),
  content(data) {
    const trialEnds = formatDate(data.trialEndsAt);
    const dashboardUrl = httpUrl(data.dashboardUrl);
    const previewUrl = httpUrl(data.previewUrl);
    const settings = settingsUrl(dashboardUrl);
    return {
      subject: "Welcome to tubedigest: your 7-day trial has started",
      preheader: `Your free trial runs until ${trialEnds}. Your first digest arrives within 7 days.`,
      values: {
        greeting: greeting(data.recipientName),
        trialEnds,
        dashboardUrl,
        previewUrl,
        settingsUrl: settings,
      },
      fragments: {},
      text: textMail({
        blocks: [
          greeting(data.recipientName),
          `Welcome to tubedigest. Your 7-day free trial has started and runs until ${trialEnds}. No card needed.`,
          HOW_IT_WORKS,
          CHANNELS,
          `Open your dashboard: ${dashboardUrl}`,
          `${PREVIEW} Back to your preview: ${previewUrl}`,
        ],
        reason: REASON,
        links: [{ label: "Settings", url: settings }],
      }),
    };
  },
};
