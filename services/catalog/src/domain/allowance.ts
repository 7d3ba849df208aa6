/** SPEC §9: channels each plan allows. Trial and unknown plans get the default allowance. */
const ALLOWANCE: Readonly<Record<string, number>> = { solo: 1, creator: 5, premium: 5, pro: 25 };
export const DEFAULT_ALLOWANCE = 5;
const LARGEST_ALLOWANCE = 25;

/** How many channels a user on `plan` may follow; null (no plan yet) is the trial. */
export function allowanceFor(plan: string | null): number {
  return (plan !== null && Object.hasOwn(ALLOWANCE, plan) ? ALLOWANCE[plan] : undefined) ?? DEFAULT_ALLOWANCE;
}

const PLAN_NAMES: Readonly<Record<string, string>> = {
  solo: "Solo",
  creator: "Creator",
  premium: "Premium",
  pro: "Pro",
};

const channels = (count: number) => `${count} channel${count === 1 ? "" : "s"}`;

/** The 403 text when a user is at their allowance: what they have, and which plan allows more. */
export function allowanceReachedMessage(plan: string | null): string {
  const allowance = allowanceFor(plan);
  const name = plan !== null && Object.hasOwn(PLAN_NAMES, plan) ? PLAN_NAMES[plan] : undefined;
  const current = name
    ? `Your ${name} plan allows ${channels(allowance)}.`
    : plan === null
      ? `Your free trial allows ${channels(allowance)}.`
      : `Your plan allows ${channels(allowance)}.`;
  if (allowance >= LARGEST_ALLOWANCE) return `${current} Remove a channel to add another.`;
  const upgrade =
    allowance < DEFAULT_ALLOWANCE
      ? "The Creator and Premium plans allow up to 5 channels, and the Pro plan up to 25."
      : "The Pro plan allows up to 25 channels.";
  return `${current} ${upgrade}`;
}
