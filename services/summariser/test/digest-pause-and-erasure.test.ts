import { randomUUID } from "node:crypto";
import { scheduleEventId } from "@tubedigest/contracts/schedule-event-id";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { digestWeek } from "../src/digest/digest-week.ts";
import { catalogStandIn } from "./support/catalog-stand-in.ts";
import { channelId, type DigestEvents, daysFrom, digestEvents } from "./support/digest-events.ts";
import { type SummariserUnderTest, startSummariser } from "./support/summariser-harness.ts";
import { plainSummary } from "./support/test-writers.ts";

const ORBIT = channelId("p");
const HOUR_MS = 3_600_000;

describe("a paused, resumed or deleted reader and the weekly digest, through digest.due (Postgres, RabbitMQ)", () => {
  const catalog = catalogStandIn([
    { id: "pauseorbit1", channelId: ORBIT, title: "Rockets, gently", hoursAgo: 10 },
    { id: "pauseorbit2", channelId: ORBIT, title: "Moons of Jupiter", hoursAgo: 20 },
  ]);
  let summariser: SummariserUnderTest;
  let events: DigestEvents;
  // Last week's Monday and this week's, each announced two hours after 09:00 UTC (the catch-up window).
  const thisWeek = digestWeek("UTC", new Date());
  const lastWeek = digestWeek("UTC", daysFrom(thisWeek.dueAt, -7));
  const slotOf = (week: typeof thisWeek) => new Date(week.dueAt.getTime() + 2 * HOUR_MS);
  const longAgo = daysFrom(lastWeek.dueAt, -30);

  beforeAll(async () => {
    summariser = await startSummariser({
      catalog: catalog.client,
      writer: { name: "pause-test", version: "1", write: async (input) => plainSummary(input) },
    });
    events = digestEvents(summariser.testBus.bus, summariser.database.db);
  });
  afterAll(() => summariser.stop());

  const db = () => summariser.database.db;
  const due = (at: Date) =>
    summariser.testBus.bus.publish(
      "digest.due",
      { slot: at.toISOString() },
      { correlationId: "test", id: scheduleEventId("digest.due", at) },
    );
  const digestsOf = (userId: string) =>
    db()
      .selectFrom("digests")
      .select(["week_key", "status", "reason"])
      .where("user_id", "=", userId)
      .orderBy("week_key")
      .execute();
  const composedFor = async (userId: string) => {
    const rows = await db()
      .selectFrom("outbox")
      .select("event")
      .where("event_name", "=", "newsletter.composed")
      .execute();
    return rows.filter((row) => (row.event as { data: { userId: string } }).data.userId === userId).length;
  };
  /** Every queued digest composed or skipped. */
  const settled = () =>
    expect
      .poll(
        async () =>
          (
            await db()
              .selectFrom("digests")
              .select("user_id")
              .where("status", "in", ["queued", "composing"])
              .execute()
          ).length,
        { timeout: 15_000 },
      )
      .toBe(0);

  /** The week's slot announced, its fan-out done (`userId`'s digest queued) and every digest settled. */
  async function announce(week: typeof thisWeek, userId: string): Promise<void> {
    await due(slotOf(week));
    await expect
      .poll(async () => (await digestsOf(userId)).some((row) => row.week_key === week.weekKey), {
        timeout: 15_000,
      })
      .toBe(true);
    await settled();
  }

  /** A paying reader of a month's standing, on UTC, following one channel with new videos. */
  async function reader(): Promise<string> {
    const userId = randomUUID();
    await events.register(userId, { timeZone: "UTC", at: longAgo });
    await events.activate(userId, longAgo);
    await events.follow(userId, ORBIT, "Pocket Orbit", longAgo);
    return userId;
  }
  const pause = (userId: string, until: string | null, at: Date) =>
    events.publish("digest.paused", { userId, until }, at);
  const resume = (userId: string, at: Date) => events.publish("digest.resumed", { userId }, at);

  it("sends a paused reader nothing, and a resumed one the next Monday's digest and no other", async () => {
    const steady = await reader();
    const pausedUntilResumed = await reader();
    await pause(pausedUntilResumed, null, daysFrom(longAgo, 1));
    // Until this week's Monday: last week's is skipped, this week's comes.
    const pausedUntilThisMonday = await reader();
    await pause(pausedUntilThisMonday, thisWeek.weekStart, daysFrom(longAgo, 1));
    // Until the day after this week's Monday: neither comes.
    const pausedPastThisMonday = await reader();
    await pause(
      pausedPastThisMonday,
      daysFrom(thisWeek.dueAt, 1).toISOString().slice(0, 10),
      daysFrom(longAgo, 1),
    );
    // Resumed the day after last week's Monday: that week is not sent late; this week's is theirs.
    const resumedAfterMonday = await reader();
    await pause(resumedAfterMonday, null, daysFrom(lastWeek.dueAt, -2));
    await resume(resumedAfterMonday, daysFrom(lastWeek.dueAt, 1));
    // Resumed before last week's Monday: that week's comes as usual.
    const resumedBeforeMonday = await reader();
    await pause(resumedBeforeMonday, null, daysFrom(lastWeek.dueAt, -3));
    await resume(resumedBeforeMonday, daysFrom(lastWeek.dueAt, -1));
    // The resume arrives after a newer pause (events cross): the newer one stands.
    const crossed = await reader();
    await pause(crossed, null, daysFrom(lastWeek.dueAt, -1));
    await resume(crossed, daysFrom(lastWeek.dueAt, -2));
    await events.applied();

    await announce(lastWeek, steady);
    await announce(thisWeek, pausedUntilThisMonday);

    const weeks = async (userId: string) =>
      (await digestsOf(userId)).filter((row) => row.status === "composed").map((row) => row.week_key);
    expect(await weeks(steady)).toEqual([lastWeek.weekKey]);
    expect(await digestsOf(pausedUntilResumed)).toEqual([]);
    expect(await digestsOf(pausedUntilThisMonday)).toEqual([
      { week_key: thisWeek.weekKey, status: "composed", reason: null },
    ]);
    expect(await digestsOf(pausedPastThisMonday)).toEqual([]);
    expect(await digestsOf(resumedAfterMonday)).toEqual([
      { week_key: thisWeek.weekKey, status: "composed", reason: null },
    ]);
    expect(await weeks(resumedBeforeMonday)).toEqual([lastWeek.weekKey]);
    expect(await digestsOf(crossed)).toEqual([]);
    // One newsletter for the reader who resumed: the week they came back to, not a burst of what they missed.
    expect(await composedFor(resumedAfterMonday)).toBe(1);
    expect(await composedFor(pausedUntilResumed)).toBe(0);
  });

  it("skips a digest queued before the reader paused, when its job runs", async () => {
    const userId = await reader();
    await events.applied();
    // Queued at Monday 09:00 (as a fan-out would), then paused before the compose job ran.
    await db()
      .insertInto("digests")
      .values({
        user_id: userId,
        week_key: "2001-W02",
        week_start: "2001-01-08",
        due_at: new Date("2001-01-08T09:00:00Z"),
        slot: new Date("2001-01-08T09:00:00Z"),
        status: "queued",
      })
      .execute();
    await pause(userId, null, new Date());
    await events.applied();
    await due(new Date("2001-01-08T09:15:00Z"));
    await settled();
    expect(await digestsOf(userId)).toEqual([{ week_key: "2001-W02", status: "skipped", reason: "paused" }]);
    expect(await composedFor(userId)).toBe(0);
  });

  it("erases a deleted reader's rows, composes nothing for them, and drops events about them that come late", async () => {
    const userId = await reader();
    const other = await reader();
    await events.applied();
    await announce(lastWeek, userId);

    const deleted = await events.publish("user.deleted", { userId, email: "gone@example.com" });
    await events.applied();
    // Delivered twice: the inbox keeps it to once.
    await summariser.testBus.bus.publishEvent(deleted);
    // Sent before the deletion, delivered after: none of them brings a row back.
    await events.follow(userId, ORBIT, "Pocket Orbit", daysFrom(new Date(), -1));
    await events.startTrial(userId, daysFrom(new Date(), 7), daysFrom(new Date(), -1));
    await pause(userId, null, daysFrom(new Date(), -1));
    await events.applied();
    await announce(thisWeek, other);

    for (const table of ["recipients", "follows", "digests", "newsletters", "single_video_orders"]) {
      const rows = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)} where user_id = ${userId}`.execute(db());
      expect(rows.rows[0]?.n, table).toBe(0);
    }
    const outbox = await sql<{
      n: number;
    }>`select count(*)::int as n from outbox where event::text like ${`%${userId}%`}`.execute(db());
    expect(outbox.rows[0]?.n).toBe(0);
    // Summaries are per video and shared: the other reader's digest still has them.
    expect(await digestsOf(other)).not.toEqual([]);
    expect((await db().selectFrom("summaries").select("video_id").execute()).length).toBeGreaterThan(0);
  });
});
