/**
 * Every queue a service consumes events from, named "<service>.<purpose>" as its `defineSubscriptions`
 * declares it. The dead-letter tool offers these to operators; each consuming service has a test that
 * keeps its subscriptions and this list in step.
 */
export const CONSUMER_QUEUES: readonly string[] = [
  "catalog.signup-channels",
  "catalog.plan-access",
  "catalog.upload-checks",
  "catalog.erasure",
  "billing.accounts",
  "billing.single-video-charges",
  "billing.erasure",
  "summariser.single-videos",
  "summariser.recipients",
  "summariser.follows",
  "summariser.new-videos",
  "summariser.digests",
  "summariser.sent-newsletters",
  "summariser.erasure",
  "mailer.recipients",
  "mailer.account-mail",
  "mailer.sign-in-links",
  "mailer.single-videos",
  "mailer.digests",
  "mailer.previews",
  "mailer.account-changes",
  "mailer.erasure",
];
