export { canonicalEmail } from "./canonical-email.ts";
export { CONSUMER_QUEUES } from "./consumer-queues.ts";
export { defineEvent, type EventContract } from "./contract.ts";
export { createEvent } from "./create-event.ts";
export {
  DEFAULT_DELIVERY_TIME,
  type DeliveryTime,
  deliveryTimeLabel,
  deliveryTimeMessages,
  hourLabel,
  isDeliveryTime,
  WEEKDAYS,
} from "./delivery-time.ts";
export {
  dayAfter,
  firstMondayFrom,
  latestPauseDate,
  MAX_PAUSE_DAYS,
  PAUSE_DATE_PATTERN,
  pauseDateProblem,
  pauseMessages,
  todayIn,
} from "./digest-pause.ts";
export { isEmailAddress } from "./email-rule.ts";
export { type AnyEvent, type EventEnvelope, EventEnvelopeSchema, type EventMetadata } from "./envelope.ts";
export { AccountSecuredData, accountSecured } from "./events/account-secured.ts";
export { ChannelFollowData } from "./events/channel-follow.ts";
export { type ChannelFollowedData, channelFollowed } from "./events/channel-followed.ts";
export { type ChannelUnfollowedData, channelUnfollowed } from "./events/channel-unfollowed.ts";
export { digestDue } from "./events/digest-due.ts";
export { DigestPausedData, digestPaused } from "./events/digest-paused.ts";
export { DigestResumedData, digestResumed } from "./events/digest-resumed.ts";
export {
  DigestSubscriptionData,
  digestResubscribed,
  digestUnsubscribed,
} from "./events/digest-subscription.ts";
export {
  EmailChangeAddressTakenData,
  emailChangeAddressTaken,
} from "./events/email-change-address-taken.ts";
export { EmailChangeRequestedData, emailChangeRequested } from "./events/email-change-requested.ts";
export { NewsletterComposedData, newsletterComposed } from "./events/newsletter-composed.ts";
export { NewsletterSentData, newsletterSent } from "./events/newsletter-sent.ts";
export { PasswordChangedData, passwordChanged } from "./events/password-changed.ts";
export {
  PasswordResetRequestedData,
  passwordResetRequested,
} from "./events/password-reset-requested.ts";
export { PlanAccess, PlanName } from "./events/plan-access.ts";
export { PreviewShownData, previewShown } from "./events/preview-shown.ts";
export { ScheduleSlotData } from "./events/schedule-slot.ts";
export { SignInLinkRequestedData, signInLinkRequested } from "./events/sign-in-link-requested.ts";
export { SubscriptionActivatedData, subscriptionActivated } from "./events/subscription-activated.ts";
export { SubscriptionCancelledData, subscriptionCancelled } from "./events/subscription-cancelled.ts";
export {
  SubscriptionChangeScheduledData,
  subscriptionChangeScheduled,
} from "./events/subscription-change-scheduled.ts";
export { SubscriptionChangedData, subscriptionChanged } from "./events/subscription-changed.ts";
export { SubscriptionExpiredData, subscriptionExpired } from "./events/subscription-expired.ts";
export {
  SubscriptionPaymentFailedData,
  subscriptionPaymentFailed,
} from "./events/subscription-payment-failed.ts";
export { SubscriptionResumedData, subscriptionResumed } from "./events/subscription-resumed.ts";
export { TrialConvertedData, trialConverted } from "./events/trial-converted.ts";
export { TrialEndedData, trialEnded } from "./events/trial-ended.ts";
export { TrialEndingData, trialEnding } from "./events/trial-ending.ts";
export { TrialStartedData, trialStarted } from "./events/trial-started.ts";
export { uploadsCheckDue } from "./events/uploads-check-due.ts";
export { UserDeletedData, userDeleted } from "./events/user-deleted.ts";
export { SelectedChannel, UserRegisteredData, userRegistered } from "./events/user-registered.ts";
export { UserUpdatedData, userUpdated } from "./events/user-updated.ts";
export { VideoPublishedData, videoPublished } from "./events/video-published.ts";
export { VideoSummarisedData, videoSummarised } from "./events/video-summarised.ts";
export { VideoSummaryFailedData, videoSummaryFailed } from "./events/video-summary-failed.ts";
export { VideoSummaryRequestedData, videoSummaryRequested } from "./events/video-summary-requested.ts";
export {
  contractOf,
  type EventContracts,
  type EventData,
  type EventName,
  eventContracts,
  isEventName,
} from "./registry.ts";
export { scheduleEventId } from "./schedule-event-id.ts";
export { isSummaryLanguage, SUMMARY_LANGUAGES, type SummaryLanguage } from "./summary-language.ts";
export { DEFAULT_TIME_ZONE, isTimeZone } from "./time-zone.ts";
export { assertEventData, InvalidEventError, parseEvent } from "./validate-event.ts";
