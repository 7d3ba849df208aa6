import { escapeHtml } from "../escape-html.ts";
import { formatDate, greeting } from "../formatting.ts";
import { linkHtml, paragraphHtml } from "../html-fragments.ts";
import { button, card, heading, layout } from "../layout.ts";
import { httpUrl, settingsUrl } from "../links.ts";
import { previewQuote } from "../preview-quote.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";

const REASON = "You get this e-mail because a tubedigest account was created with this address.";
const HOW_IT_WORKS =
  "Every week, on the day and hour you choose (Monday 9:00 by default), we e-mail you short summaries of the new videos from the channels you follow, with links to the moments that matter.";
// Written when the welcome goes out, from the mailer's own log: a reader a digest has reached already is
// not promised the first.
const FIRST_DIGEST = "Your first digest arrives within 7 days.";
const DIGEST_SENT = "Your first digest is already in your inbox; the next one brings what's new since.";
const CHANNELS = "You can add or change your channels any time in your dashboard.";
// No separate reminder follows a welcome the same day, so every welcome invites back to the preview…
const INVITE = "Previewed a digest on our home page? Pick up where you left off, and choose a plan there.";
// …and one that had not gone out when the visitor left the preview carries the preview itself.
const WAITING =
  "Your preview is waiting: pick up where you left off, and choose a plan to keep your digest coming after the trial.";
const BACK = "Back to your preview";

export const welcome: TemplateSource<"welcome"> = {
  name: "welcome",
  mjml: layout({
    body: card(`${heading("Welcome to tubedigest")}
          <mj-text>{{greeting}}</mj-text>
          <mj-text>Your 7-day free trial has started and runs until <strong>{{trialEnds}}</strong>. No card needed, and nothing is charged unless you choose a plan.</mj-text>
          <mj-text>{{{preview}}}</mj-text>
          <mj-text>${HOW_IT_WORKS} {{firstDigest}}</mj-text>
          <mj-text>${CHANNELS}</mj-text>
          ${button("Open your dashboard", "{{dashboardUrl}}")}`),
    reason: REASON,
    links: [{ label: "Settings", href: "{{settingsUrl}}" }],
  }),
  content(data) {
    const trialEnds = formatDate(data.trialEndsAt);
    const dashboardUrl = httpUrl(data.dashboardUrl);
    const previewUrl = httpUrl(data.previewUrl);
    const settings = settingsUrl(dashboardUrl);
    const quote = data.preview && previewQuote(data.preview);
    const back = linkHtml(BACK, previewUrl);
    const firstDigest = data.digestSent ? DIGEST_SENT : FIRST_DIGEST;
    return {
      subject: quote
        ? `Welcome to tubedigest: your preview${quote.channel ? ` of ${quote.channel}` : ""} is waiting`
        : "Welcome to tubedigest: your 7-day trial has started",
      preheader: quote
        ? `Your free trial runs until ${trialEnds}, and your preview is waiting.`
        : `Your free trial runs until ${trialEnds}. ${firstDigest}`,
      values: {
        greeting: greeting(data.recipientName),
        trialEnds,
        firstDigest,
        dashboardUrl,
        settingsUrl: settings,
      },
      fragments: {
        preview: quote
          ? `${paragraphHtml(quote.intro)}${quote.bulletsHtml}<p style="margin:0;">${escapeHtml(WAITING)} ${back}</p>`
          : `${escapeHtml(INVITE)} ${back}`,
      },
      text: textMail({
        blocks: [
          greeting(data.recipientName),
          `Welcome to tubedigest. Your 7-day free trial has started and runs until ${trialEnds}. No card needed, and nothing is charged unless you choose a plan.`,
          ...(quote
            ? [quote.intro, quote.bulletsText, `${WAITING} ${BACK}: ${previewUrl}`]
            : [`${INVITE} ${BACK}: ${previewUrl}`]),
          `${HOW_IT_WORKS} ${firstDigest}`,
          CHANNELS,
          `Open your dashboard: ${dashboardUrl}`,
        ],
        reason: REASON,
        links: [{ label: "Settings", url: settings }],
      }),
    };
  },
};
