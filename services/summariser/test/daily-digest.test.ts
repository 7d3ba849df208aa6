import { randomUUID } from "node:crypto";
import { deliveryTimeMessages } from "@tubedigest/contracts/delivery-time";
import { scheduleEventId } from "@tubedigest/contracts/schedule-event-id";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingStandIn } from "./support/billing-stand-in.ts";
import { catalogStandIn } from "./support/catalog-stand-in.ts";
import { composedEventsOf } from "./support/composed-events.ts";
import { channelId, type DigestEvents, daysFrom, digestEvents } from "./support/digest-events.ts";
import {
  asUser,
  fastDigestJobs,
  type SummariserUnderTest,
  startSummariser,
} from "./support/summariser-harness.ts";
import { plainSummary } from "./support/test-writers.ts";

const SLOT_MS = 15 * 60 * 1000;
const ORBIT = channelId("o");

type Standing = { cadence: string; weekday: number; hour: number; nextDeliveryAt: string };

/**
 * Readers in New York choosing a daily digest, through three days of digest.due every 15 minutes, each
 * slot fired twice (the scheduler's own id and a second, as two schedulers without a shared lock would):
 * one digest a day at the reader's hour, a plan without a daily digest refused, and a move to such a plan
 * turning the reader back to weekly (Postgres, RabbitMQ).
 */
describe("the daily digest: one a day at the reader's hour, on the plans that include it", () => {
  const billing = billingStandIn();
  let summariser: SummariserUnderTest;
  let events: DigestEvents;
  const now = new Date("2026-12-01T11:00:00Z");
  const reader = { daily: randomUUID(), solo: randomUUID(), downgraded: randomUUID(), weekly: randomUUID() };
  const sentinel = randomUUID();

  const putDelivery = (userId: string, payload: Record<string, unknown>) =>
    summariser.app.inject({
      method: "PUT",
      url: "/api/user/delivery-time",
      headers: asUser(userId),
      payload,
    });
  const chooseDaily = async (userId: string, hour: number): Promise<Standing> => {
    const response = await putDelivery(userId, { weekday: 1, hour, cadence: "daily" });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Standing>();
  };
  const rowsOf = async (userId: string) =>
    (
      await summariser.database.db
        .selectFrom("digests")
        .select(["week_key", "due_at"])
        .where("user_id", "=", userId)
        .orderBy("due_at")
        .execute()
    ).map((row) => [row.week_key, row.due_at.toISOString()]);

  async function fireSlotsTwice(from: string, to: string): Promise<void> {
    for (let at = Date.parse(from); at <= Date.parse(to); at += SLOT_MS) {
      const slot = { slot: new Date(at).toISOString() };
      const bus = summariser.testBus.bus;
      await bus.publish("digest.due", slot, {
        correlationId: "test",
        id: scheduleEventId("digest.due", new Date(at)),
      });
      await bus.publish("digest.due", slot, { correlationId: "test", id: randomUUID() });
    }
  }

  beforeAll(async () => {
    summariser = await startSummariser({
      writer: { name: "t", version: "1", write: async (input) => plainSummary(input) },
      billing: billing.client,
      now: () => now,
    });
    events = digestEvents(summariser.testBus.bus, summariser.database.db);
    const monthAgo = new Date("2026-11-01T00:00:00Z");
    for (const userId of [...Object.values(reader), sentinel]) {
      await events.register(userId, { timeZone: "America/New_York", at: monthAgo });
      await events.activate(userId, monthAgo);
    }
    await events.applied();
    for (const userId of [reader.daily, reader.downgraded, sentinel]) billing.planWithDaily(userId);
  });
  afterAll(() => summariser.stop());

  it("takes daily on a plan that includes it, and says when the next one comes", async () => {
    // Tuesday 1 December, 06:00 in New York: 07:00 today is still ahead.
    expect(await chooseDaily(reader.daily, 7)).toEqual({
      cadence: "daily",
      weekday: 1,
      hour: 7,
      timeZone: "America/New_York",
      nextDeliveryAt: "2026-12-01T12:00:00.000Z",
    });
    expect((await chooseDaily(reader.downgraded, 8)).nextDeliveryAt).toBe("2026-12-01T13:00:00.000Z");
    // 23:00 New York: the last hour of each day, to know every slot before it was handled.
    await chooseDaily(sentinel, 23);
  });

  it("refuses daily on a plan without it, in words that say where to change the plan, changing nothing", async () => {
    const response = await putDelivery(reader.solo, { weekday: 3, hour: 6, cadence: "daily" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: deliveryTimeMessages.dailyNeedsPlan });
    const standing = await summariser.app.inject({
      url: "/api/user/delivery-time",
      headers: asUser(reader.solo),
    });
    expect(standing.json<Standing>()).toMatchObject({ cadence: "weekly", weekday: 1, hour: 9 });
    for (const cadence of ["hourly", "", 1, null]) {
      const bad = await putDelivery(reader.solo, { weekday: 1, hour: 9, cadence });
      expect(bad.statusCode, String(cadence)).toBe(400);
      expect(bad.json<{ message: string }>().message).toBe(deliveryTimeMessages.cadence);
    }
  });

  it("makes one digest a day for three days at the reader's hour, however often the scheduler fires", async () => {
    // A move to a plan without a daily digest (billing's event says so): weekly again, Monday 09:00.
    await events.publish("subscription.changed", {
      userId: reader.downgraded,
      plan: "solo",
      channelAllowance: 1,
      dailyDigest: false,
      previousPlan: "premium",
    });
    await events.applied();

    // Tuesday 1 December 06:15 to Friday 4 December 23:45, New York (Eastern Standard Time, UTC-5).
    await fireSlotsTwice("2026-12-01T11:15:00Z", "2026-12-05T04:45:00Z");
    // The sentinel's day ends at 23:00 in New York: once its 4 December is queued, every slot before was handled.
    await expect
      .poll(async () => (await rowsOf(sentinel)).some(([key]) => key === "2026-12-04"), {
        timeout: 180_000,
        interval: 500,
      })
      .toBe(true);

    expect(await rowsOf(reader.daily)).toEqual([
      ["2026-12-01", "2026-12-01T12:00:00.000Z"],
      ["2026-12-02", "2026-12-02T12:00:00.000Z"],
      ["2026-12-03", "2026-12-03T12:00:00.000Z"],
      ["2026-12-04", "2026-12-04T12:00:00.000Z"],
    ]);
    // Weekly readers get their week's one, Monday's caught up by the first slot (within the day's window).
    expect(await rowsOf(reader.weekly)).toEqual([["2026-W49", "2026-11-30T14:00:00.000Z"]]);
    expect(await rowsOf(reader.downgraded)).toEqual([["2026-W49", "2026-11-30T13:00:00.000Z"]]);
    const standing = await summariser.app.inject({
      url: "/api/user/delivery-time",
      headers: asUser(reader.downgraded),
    });
    expect(standing.json<Standing>()).toMatchObject({ cadence: "weekly", hour: 8 });
  }, 240_000);
});

/** A daily digest's newsletter names its day: the heading, the subject and the event the mailer takes. */
describe("a daily digest's newsletter", () => {
  const catalog = catalogStandIn([
    { id: "orbitnew001", channelId: ORBIT, title: "Rockets, gently", hoursAgo: 3 },
  ]);
  const billing = billingStandIn();
  let summariser: SummariserUnderTest;
  let events: DigestEvents;

  beforeAll(async () => {
    summariser = await startSummariser({
      writer: { name: "t", version: "1", write: async (input) => plainSummary(input) },
      catalog: catalog.client,
      billing: billing.client,
      jobs: fastDigestJobs(),
    });
    events = digestEvents(summariser.testBus.bus, summariser.database.db);
  });
  afterAll(() => summariser.stop());

  it("covers the day before it and is headed by its day", async () => {
    const userId = randomUUID();
    const monthAgo = daysFrom(new Date(), -30);
    await events.register(userId, { timeZone: "UTC", at: monthAgo });
    await events.activate(userId, monthAgo);
    await events.follow(userId, ORBIT, "Pocket Orbit", monthAgo);
    await events.applied();
    billing.planWithDaily(userId);
    const hour = new Date().getUTCHours();
    expect((await putDelivery(summariser, userId, hour)).statusCode).toBe(200);
    // The slot of this hour: today's digest is due.
    const slot = new Date(Math.floor(Date.now() / SLOT_MS) * SLOT_MS);
    await summariser.testBus.bus.publish(
      "digest.due",
      { slot: slot.toISOString() },
      { correlationId: "test" },
    );

    await expect
      .poll(async () => (await composedEventsOf(summariser.database.db, [userId])).length, {
        timeout: 20_000,
      })
      .toBe(1);
    const [event] = await composedEventsOf(summariser.database.db, [userId]);
    const day = new Date()
      .toLocaleDateString("en-GB", {
        timeZone: "UTC",
        weekday: "long",
        day: "numeric",
        month: "long",
        year: "numeric",
      })
      .replace(",", "");
    expect(event?.data).toMatchObject({ period: "day", weekLabel: day });
    expect(event?.data.subject).toBe(
      `Your ${day.replace(/ \d{4}$/, "").replace(/^(\w+) /, "$1, ")}: Pocket Orbit`,
    );
    expect(event?.data.channels).toEqual([expect.objectContaining({ title: "Pocket Orbit" })]);
  });
});

const putDelivery = (summariser: SummariserUnderTest, userId: string, hour: number) =>
  summariser.app.inject({
    method: "PUT",
    url: "/api/user/delivery-time",
    headers: asUser(userId),
    payload: { weekday: 1, hour, cadence: "daily" },
  });
