import type { Account } from "../store/account-repository.ts";
import type { Subscription } from "../store/subscription-repository.ts";

/**
 * When the free days of an account end, if a plan chosen now would start with them: the account's trial
 * still runs and it has never had a subscription (one trial per account: a second plan is paid at once).
 * Null otherwise.
 */
export function trialOffer(account: Account, subscription: Subscription | undefined, now: Date): Date | null {
  const running = account.trial_ended_at === null && account.trial_ends_at > now;
  return running && subscription === undefined ? account.trial_ends_at : null;
}
