import { setTimeout as sleep } from "node:timers/promises";
import type { GeneratedReply, OnItsWayReply } from "@tubedigest/contracts/newsletters";
import { DEFAULT_TIME_ZONE } from "@tubedigest/contracts/time-zone";
import { waitForRow } from "@tubedigest/db";
import { HttpError } from "@tubedigest/http/http-error";
import { messages } from "../shared/messages.ts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { type DigestKey, DigestRepository, type DigestRow } from "../store/digest-repository.ts";
import { FollowRepository } from "../store/follow-repository.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";
import { SKIP_REASONS } from "./compose-newsletters.ts";
import { addComposeJobs } from "./digest-jobs.ts";
import { digestWeek } from "./digest-week.ts";

/** Requests within the same five minutes are one newsletter: a double click, a retried request. */
const SAME_REQUEST_MS = 5 * 60 * 1000;

/**
 * How asking went. Nothing new since the last newsletter is an answer, not a failure, so it is a 200 the
 * page can show as news rather than as an error.
 */
export type GeneratedNewsletter =
  | { status: 200; body: GeneratedReply }
  | { status: 202; body: OnItsWayReply };

/**
 * The dashboard's "generate newsletter": the user's newsletter now, through the weekly digest's own
 * pipeline (a digest row keyed by the five minutes it was asked in, its compose job, the mail). It covers
 * what is new since the user's last newsletter, and counts as their last one for the next. The answer
 * waits for the job a while: the newsletter, or that it is on its way, or why there is none.
 */
export async function generateNewsletterNow(
  context: SummariserContext,
  userId: string,
): Promise<GeneratedNewsletter> {
  const now = context.now();
  const recipients = new RecipientRepository(context.db);
  if (!(await recipients.isEligible(userId, now))) {
    // The refusal says why: a paying reader who unsubscribed has no trial that ended.
    const unsubscribed = (await recipients.find(userId))?.unsubscribed === true;
    throw new HttpError(403, unsubscribed ? messages.unsubscribed : messages.trialOver);
  }
  if (!(await followsAnyChannel(context, userId))) throw new HttpError(422, messages.addChannelsFirst);
  const timeZone = (await recipients.find(userId))?.time_zone ?? DEFAULT_TIME_ZONE;
  const requested = new Date(Math.floor(now.getTime() / SAME_REQUEST_MS) * SAME_REQUEST_MS);
  const key = { userId, weekKey: `now:${requested.toISOString()}` };
  const digests = new DigestRepository(context.db);
  const queued = await digests.queue({
    ...key,
    weekStart: digestWeek(timeZone, now).weekStart,
    dueAt: now,
    slot: now,
  });
  if (queued) await addComposeJobs(context.digest.jobs, [queued]);
  return answer(await settled(context, key, new Date(now.getTime() + context.digest.generateWaitMs)));
}

/**
 * Whether the user follows a channel, as catalog's events have told this service. A channel followed a
 * moment ago (at sign-up, or just before asking) may not have arrived yet: rather than tell someone with
 * channels to add some, the answer waits for them a few seconds.
 */
async function followsAnyChannel(context: SummariserContext, userId: string): Promise<boolean> {
  const follows = new FollowRepository(context.db);
  const followed = await waitForRow(
    async () => ((await follows.channelsOf(userId)).length > 0 ? true : undefined),
    { timeoutMs: context.digest.followsWaitMs, intervalMs: context.leases.pollMs },
  );
  return followed === true;
}

/** The digest once it has ended, or as it stands when the wait is over. */
async function settled(context: SummariserContext, key: DigestKey, deadline: Date): Promise<DigestRow> {
  const digests = new DigestRepository(context.db);
  for (;;) {
    const row = await digests.find(key);
    if (!row) throw new Error(`digest ${key.userId}/${key.weekKey} vanished`);
    const ended = row.status === "composed" || row.status === "skipped" || row.status === "failed";
    if (ended || context.now() >= deadline) return row;
    await sleep(context.leases.pollMs);
  }
}

function answer(row: DigestRow): GeneratedNewsletter {
  if (row.status === "composed" && row.newsletter_id) {
    const message = messages.newsletterGenerated;
    return { status: 200, body: { outcome: "generated", message, newsletterId: row.newsletter_id } };
  }
  if (row.status === "skipped") {
    if (row.reason === SKIP_REASONS.noChannels) throw new HttpError(422, messages.addChannelsFirst);
    if (row.reason === SKIP_REASONS.noSummaries) throw new HttpError(422, messages.noSummaries);
    return { status: 200, body: { outcome: "nothing-new", message: messages.noNewVideos } };
  }
  if (row.status === "failed") throw new HttpError(503, messages.newsletterFailed);
  return { status: 202, body: { outcome: "on-its-way", message: messages.newsletterOnItsWay } };
}
