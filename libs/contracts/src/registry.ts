import type { Static } from "typebox";
import type { EventContract } from "./contract.ts";
import { accountSecured } from "./events/account-secured.ts";
import { channelFollowed } from "./events/channel-followed.ts";
import { channelUnfollowed } from "./events/channel-unfollowed.ts";
import { digestDue } from "./events/digest-due.ts";
import { digestPaused } from "./events/digest-paused.ts";
import { digestResumed } from "./events/digest-resumed.ts";
import { digestResubscribed, digestUnsubscribed } from "./events/digest-subscription.ts";
import { emailChangeAddressTaken } from "./events/email-change-address-taken.ts";
import { emailChangeRequested } from "./events/email-change-requested.ts";
import { newsletterComposed } from "./events/newsletter-composed.ts";
import { newsletterSent } from "./events/newsletter-sent.ts";
import { passwordChanged } from "./events/password-changed.ts";
import { passwordResetRequested } from "./events/password-reset-requested.ts";
import { previewShown } from "./events/preview-shown.ts";
import { signInLinkRequested } from "./events/sign-in-link-requested.ts";
import { subscriptionActivated } from "./events/subscription-activated.ts";
import { subscriptionCancelled } from "./events/subscription-cancelled.ts";
import { subscriptionChangeScheduled } from "./events/subscription-change-scheduled.ts";
import { subscriptionChanged } from "./events/subscription-changed.ts";
import { subscriptionExpired } from "./events/subscription-expired.ts";
import { subscriptionPaymentFailed } from "./events/subscription-payment-failed.ts";
import { subscriptionResumed } from "./events/subscription-resumed.ts";
import { trialConverted } from "./events/trial-converted.ts";
import { trialEnded } from "./events/trial-ended.ts";
import { trialEnding } from "./events/trial-ending.ts";
import { trialStarted } from "./events/trial-started.ts";
import { uploadsCheckDue } from "./events/uploads-check-due.ts";
import { userDeleted } from "./events/user-deleted.ts";
import { userRegistered } from "./events/user-registered.ts";
import { userUpdated } from "./events/user-updated.ts";
import { videoPublished } from "./events/video-published.ts";
import { videoSummarised } from "./events/video-summarised.ts";
import { videoSummaryFailed } from "./events/video-summary-failed.ts";
import { videoSummaryRequested } from "./events/video-summary-requested.ts";

type ContractsByName<Contracts extends readonly EventContract[]> = {
  readonly [Contract in Contracts[number] as Contract["name"]]: Contract;
};

/** Keys each contract by its own name, so a key and its contract's name can never disagree. */
function byName<const Contracts extends readonly EventContract[]>(
  ...contracts: Contracts
): ContractsByName<Contracts> {
  const registry: Record<string, EventContract> = {};
  for (const contract of contracts) {
    if (registry[contract.name]) throw new Error(`Event "${contract.name}" is registered twice`);
    registry[contract.name] = contract;
  }
  return registry as ContractsByName<Contracts>;
}

/** Every event of the system. A new event gets its file in events/ and one entry here. */
export const eventContracts = byName(
  userRegistered,
  userUpdated,
  signInLinkRequested,
  channelFollowed,
  channelUnfollowed,
  subscriptionActivated,
  subscriptionChanged,
  subscriptionCancelled,
  subscriptionResumed,
  subscriptionChangeScheduled,
  subscriptionPaymentFailed,
  subscriptionExpired,
  trialStarted,
  trialEnding,
  trialEnded,
  trialConverted,
  videoSummaryRequested,
  videoSummarised,
  videoSummaryFailed,
  newsletterComposed,
  newsletterSent,
  previewShown,
  digestUnsubscribed,
  digestResubscribed,
  digestDue,
  uploadsCheckDue,
  videoPublished,
  passwordChanged,
  passwordResetRequested,
  emailChangeRequested,
  emailChangeAddressTaken,
  accountSecured,
  digestPaused,
  digestResumed,
  userDeleted,
);

export type EventContracts = typeof eventContracts;
export type EventName = keyof EventContracts & string;
/** The payload (`data`) of the event called `Name`. */
export type EventData<Name extends EventName> = Static<EventContracts[Name]["schema"]>;

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(eventContracts, name);
}

export function contractOf<Name extends EventName>(name: Name): EventContracts[Name] {
  return eventContracts[name];
}
