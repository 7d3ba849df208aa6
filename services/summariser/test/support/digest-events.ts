import { randomUUID } from "node:crypto";
import type { EventBus } from "@tubedigest/bus";
import type { EventData, EventEnvelope, EventName } from "@tubedigest/contracts";
import { eventually } from "@tubedigest/testing/eventually";
import type { Kysely } from "kysely";
import type { SummariserDatabase } from "../../src/store/database.ts";

export const channelId = (letter: string) => `UC${letter.repeat(22)}`;

const DAY_MS = 24 * 3_600_000;
export const daysFrom = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);

/** Events whose handler leaves no inbox row (its one statement is idempotent): `applied` cannot see them. */
const HANDLED_WITHOUT_INBOX = new Set<EventName>(["newsletter.sent"]);

/**
 * What auth, catalog, billing and the mailer publish about a user, as the summariser's read models take
 * it: each event's `occurredAt` may be set (events from different services arrive in any order), and an
 * event may be published again under its id (a redelivery).
 */
export function digestEvents(bus: EventBus, db: Kysely<SummariserDatabase>) {
  const published: string[] = [];
  async function publish<Name extends EventName>(
    name: Name,
    data: EventData<Name>,
    occurredAt = new Date(),
    id?: string,
  ): Promise<EventEnvelope<Name>> {
    const event = await bus.publish(name, data, { correlationId: "digest-test", occurredAt, id });
    if (!HANDLED_WITHOUT_INBOX.has(name)) published.push(event.id);
    return event;
  }
  const access = { plan: "creator" as const, channelAllowance: 5 };
  /** Auth's `user.updated` as a profile save sends it, with the fields that changed. */
  const profileSaved = (
    userId: string,
    changed: { timeZone?: string; summaryLanguage?: string },
    at?: Date,
  ) =>
    publish(
      "user.updated",
      { userId, email: `${userId.slice(0, 8)}@example.com`, fullName: null, ...changed },
      at,
    );
  return {
    publish,
    register: (userId: string, options: { timeZone?: string; at?: Date } = {}) =>
      publish(
        "user.registered",
        {
          userId,
          email: `${userId.slice(0, 8)}@example.com`,
          fullName: null,
          passwordless: false,
          selectedChannels: [],
          ...(options.timeZone ? { timeZone: options.timeZone } : {}),
        },
        options.at,
      ),
    moveTo: (userId: string, timeZone: string | undefined, at?: Date) =>
      profileSaved(userId, timeZone ? { timeZone } : {}, at),
    /** The reader chose the language their summaries are written in (auth's profile). */
    readIn: (userId: string, summaryLanguage: string, at?: Date) =>
      profileSaved(userId, { summaryLanguage }, at),
    startTrial: (userId: string, trialEndsAt: Date, at?: Date) =>
      publish("trial.started", { userId, trialEndsAt: trialEndsAt.toISOString() }, at),
    endTrial: (userId: string, at: Date) =>
      publish("trial.ended", { userId, plan: null, channelAllowance: 1, endedAt: at.toISOString() }, at),
    activate: (userId: string, at?: Date) =>
      publish(
        "subscription.activated",
        { userId, ...access, currentPeriodEnd: daysFrom(at ?? new Date(), 30).toISOString(), testMode: true },
        at,
      ),
    cancel: (userId: string, at?: Date) =>
      publish(
        "subscription.cancelled",
        { userId, ...access, endsAt: daysFrom(at ?? new Date(), 20).toISOString() },
        at,
      ),
    expire: (userId: string, at?: Date) =>
      publish(
        "subscription.expired",
        { userId, plan: null, channelAllowance: 1, previousPlan: "creator", reason: "cancelled" },
        at,
      ),
    unsubscribe: (userId: string, at = new Date()) =>
      publish("digest.unsubscribed", { userId, at: at.toISOString() }, at),
    resubscribe: (userId: string, at = new Date()) =>
      publish("digest.resubscribed", { userId, at: at.toISOString() }, at),
    follow: (userId: string, youtubeChannelId: string, title: string, at?: Date) =>
      publish("channel.followed", { userId, youtubeChannelId, title, thumbnailUrl: "" }, at),
    unfollow: (userId: string, youtubeChannelId: string, title: string, at?: Date) =>
      publish("channel.unfollowed", { userId, youtubeChannelId, title, thumbnailUrl: "" }, at),
    /** Waits until every event published so far through the inbox has been handled. */
    async applied(): Promise<void> {
      const ids = [...new Set(published)];
      await eventually(async () => {
        const rows = await db.selectFrom("inbox").select("event_id").where("event_id", "in", ids).execute();
        return new Set(rows.map((row) => row.event_id)).size === ids.length ? true : undefined;
      });
    },
  };
}

export type DigestEvents = ReturnType<typeof digestEvents>;

/** A reader paying for a month, following one channel and reading their summaries in `language`. */
export async function payingReaderIn(
  events: DigestEvents,
  language: string,
  [channel, title]: [string, string],
): Promise<string> {
  const userId = randomUUID();
  const monthAgo = daysFrom(new Date(), -30);
  await events.register(userId, { at: monthAgo });
  await events.activate(userId, monthAgo);
  await events.follow(userId, channel, title, monthAgo);
  await events.readIn(userId, language);
  await events.applied();
  return userId;
}
