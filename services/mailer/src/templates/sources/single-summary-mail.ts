import { formatUsd, oneLine } from "../formatting.ts";
import { card, layout } from "../layout.ts";
import { httpUrl, settingsUrl } from "../links.ts";
import { LOOK } from "../mail-look.ts";
import type { SingleSummaryCharge } from "../template-data.ts";

// What the two e-mails about a single summary share: the frame, the links, the price's words.

/** Why a single summary's e-mail came, said the same in both of them. */
export const SINGLE_SUMMARY_REASON =
  "You get this e-mail because you asked tubedigest for a summary of this video.";

/** The e-mail's frame: one card under "Your summary", and a footer to the dashboard and settings. */
export function singleSummaryLayout(content: string): string {
  return layout({
    body: card(`<mj-text padding="0 24px 8px" font-size="14px" color="${LOOK.muted}">Your summary</mj-text>
          ${content}`),
    reason: SINGLE_SUMMARY_REASON,
    links: [
      { label: "Your dashboard", href: "{{dashboardUrl}}" },
      { label: "Settings", href: "{{settingsUrl}}" },
    ],
  });
}

/** The video's title on one line, and every link the e-mail carries, checked to be http(s). */
export function singleSummaryLinks(data: { title: string; url: string; dashboardUrl: string }) {
  const dashboardUrl = httpUrl(data.dashboardUrl);
  const settings = settingsUrl(dashboardUrl);
  return {
    title: oneLine(data.title),
    url: httpUrl(data.url),
    dashboardUrl,
    settingsUrl: settings,
    /** The text part's footer links, as the HTML's. */
    footer: [
      { label: "Your dashboard", url: dashboardUrl },
      { label: "Settings", url: settings },
    ],
  };
}

/** What the summary cost, said once it is made: the amount taken, or that a test charge took none. */
export function chargedNote(charge: SingleSummaryCharge | null): string {
  if (!charge) return "";
  const price = formatUsd(charge.amountCents);
  return charge.testMode
    ? `Price: ${price}, a test charge: no money was taken.`
    : `Price: ${price}, charged to the card of your subscription.`;
}

/** That nothing was taken for a summary that could not be made, and what was let go. */
export function notChargedNote(charge: SingleSummaryCharge | null): string {
  if (!charge) return "You were not charged.";
  const price = formatUsd(charge.amountCents);
  return charge.testMode
    ? `You were not charged: the ${price} test charge was released.`
    : `You were not charged: the ${price} held on your card was released.`;
}
