import type { StoredPlanAccess } from "../store/user-plan-repository.ts";

/**
 * Channels a user may follow while billing has said nothing about them: the trial's. Every other
 * allowance is billing's, carried by its subscription and trial events.
 */
export const DEFAULT_ALLOWANCE = 5;

/** What billing last said a user may follow; undefined while it has said nothing (the trial). */
type Access = StoredPlanAccess | undefined;

/** How many channels the user may follow. */
export function allowanceOf(access: Access): number {
  return access?.channelAllowance ?? DEFAULT_ALLOWANCE;
}

// Names for the message only; the numbers each plan allows are billing's. Each tier has one name on
// every screen: the 5-channel tier is Premium, whether it was sold as premium or as creator.
const PLAN_NAMES: Readonly<Record<string, string>> = {
  solo: "Solo",
  creator: "Premium",
  premium: "Premium",
  pro: "Pro",
};
const LARGEST_PLAN_NAME = "Pro";

const channels = (count: number) => `${count} channel${count === 1 ? "" : "s"}`;

/** The 403 text when a user is at their allowance: what they have, and which plan allows more. */
export function allowanceReachedMessage(access: Access): string {
  const allowance = allowanceOf(access);
  const plan = access?.plan ?? null;
  const name = plan !== null && Object.hasOwn(PLAN_NAMES, plan) ? PLAN_NAMES[plan] : undefined;
  const current = !access
    ? `Your free trial allows ${channels(allowance)}.`
    : name
      ? `Your ${name} plan allows ${channels(allowance)}.`
      : plan === null
        ? `Without a paid plan you can follow ${channels(allowance)}.`
        : `Your plan allows ${channels(allowance)}.`;
  if (name === LARGEST_PLAN_NAME) return `${current} Remove a channel to add another.`;
  const upgrade =
    allowance < DEFAULT_ALLOWANCE
      ? "The Premium plan allows up to 5 channels, and the Pro plan up to 25."
      : "The Pro plan allows up to 25 channels.";
  return `${current} ${upgrade}`;
}

/**
 * The 403 text when adding `adding` channels (more than one) would pass the allowance: how many were
 * chosen, how many fit, and then as `allowanceReachedMessage`.
 */
export function allowancePassedMessage(access: Access, input: { following: number; adding: number }): string {
  if (input.adding === 1) return allowanceReachedMessage(access);
  const room = Math.max(0, allowanceOf(access) - input.following);
  const fit = room === 0 ? "none fits" : room === 1 ? "1 more fits" : `${room} more fit`;
  return `You chose ${channels(input.adding)} to add and ${fit}. ${allowanceReachedMessage(access)}`;
}
