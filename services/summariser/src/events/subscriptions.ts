import { defineSubscriptions } from "@tubedigest/bus";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { eraseAccount } from "./erase-account.ts";
import { fanOutOnDigestDue } from "./fan-out-on-digest-due.ts";
import { fulfilSingleSummary } from "./fulfil-single-summary.ts";
import { recordDigestPause } from "./record-digest-pause.ts";
import { recordDigestSubscription } from "./record-digest-subscription.ts";
import { recordFollow } from "./record-follow.ts";
import { recordNewsletterSent } from "./record-newsletter-sent.ts";
import { recordPlan } from "./record-plan.ts";
import { recordTimeZone } from "./record-time-zone.ts";
import { recordTrial } from "./record-trial.ts";
import { summariseNewVideo } from "./summarise-new-video.ts";
import { thenFirstDigest } from "./then-first-digest.ts";

/** Every event the summariser acts on, and which queue carries it. */
export function summariserSubscriptions(context: SummariserContext) {
  const plan = recordPlan(context);
  return defineSubscriptions({
    service: "summariser",
    queues: {
      // Few at a time: each may hold a model call for minutes.
      "single-videos": {
        events: ["video-summary.requested"],
        handlers: { "video-summary.requested": fulfilSingleSummary(context) },
        prefetch: 4,
      },
      // Whom digests go to, when, and whether they may have one.
      recipients: {
        events: [
          "user.registered",
          "user.updated",
          "trial.started",
          "trial.ended",
          "subscription.activated",
          "subscription.changed",
          "subscription.cancelled",
          "subscription.expired",
          "digest.unsubscribed",
          "digest.resubscribed",
          "digest.paused",
          "digest.resumed",
        ],
        handlers: {
          "user.registered": recordTimeZone(context),
          "user.updated": recordTimeZone(context),
          "trial.started": recordTrial(context),
          "trial.ended": recordTrial(context),
          "subscription.activated": thenFirstDigest(context, plan),
          "subscription.changed": plan,
          "subscription.cancelled": plan,
          "subscription.expired": plan,
          "digest.unsubscribed": recordDigestSubscription(context),
          "digest.resubscribed": recordDigestSubscription(context),
          "digest.paused": recordDigestPause(context),
          "digest.resumed": recordDigestPause(context),
        },
      },
      follows: {
        events: ["channel.followed", "channel.unfollowed"],
        handlers: {
          "channel.followed": thenFirstDigest(context, recordFollow(context)),
          "channel.unfollowed": recordFollow(context),
        },
      },
      // Modest: each may hold a model call for minutes, and the week gives them time.
      "new-videos": {
        events: ["video.published"],
        handlers: { "video.published": summariseNewVideo(context) },
        prefetch: 2,
      },
      // One slot at a time: the fan-out only queues; the work queue composes.
      digests: {
        events: ["digest.due"],
        handlers: { "digest.due": fanOutOnDigestDue(context) },
        prefetch: 1,
      },
      "sent-newsletters": {
        events: ["newsletter.sent"],
        handlers: { "newsletter.sent": recordNewsletterSent(context) },
      },
      erasure: {
        events: ["user.deleted"],
        handlers: { "user.deleted": eraseAccount(context) },
      },
    },
  });
}
