import { formatUsd } from "../formatting.ts";
import type { SingleVideoCharge } from "../template-data.ts";

/** Why a single-video e-mail came, said the same in both of them. */
export const SINGLE_VIDEO_REASON =
  "You get this e-mail because you asked tubedigest for a summary of this video.";

/** What the summary cost, said once it is made: the amount taken, or that a test charge took none. */
export function chargedNote(charge: SingleVideoCharge | null): string {
  if (!charge) return "";
  const price = formatUsd(charge.amountCents);
  return charge.testMode
    ? `Price: ${price}, a test charge: no money was taken.`
    : `Price: ${price}, charged to the card of your subscription.`;
}

/** That nothing was taken for a summary that could not be made, and what was let go. */
export function notChargedNote(charge: SingleVideoCharge | null): string {
  if (!charge) return "You were not charged.";
  const price = formatUsd(charge.amountCents);
  return charge.testMode
    ? `You were not charged: the ${price} test charge was released.`
    : `You were not charged: the ${price} held on your card was released.`;
}
