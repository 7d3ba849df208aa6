import { randomUUID } from "node:crypto";
import { scheduleEventId } from "@tubedigest/contracts/schedule-event-id";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { digestEvents } from "./support/digest-events.ts";
import { asUser, type SummariserUnderTest, startSummariser } from "./support/summariser-harness.ts";
import { controlledWriter } from "./support/test-writers.ts";

const SLOT_MS = 15 * 60 * 1000;
const MONDAY_9 = { weekday: 1, hour: 9 };
const FRIDAY_18 = { weekday: 5, hour: 18 };
const WEDNESDAY_12 = { weekday: 3, hour: 12 };

/**
 * Readers in London, whose clocks fall back at 02:00 on Sunday 25 October 2026, through three weeks of
 * digest.due every 15 minutes (the bus, Postgres), some changing their delivery time on the Wednesday of
 * the middle week: each week gets exactly one digest, at the time the rules give it.
 */
describe("delivery times chosen and changed mid-week, across a daylight-saving change (Postgres, RabbitMQ)", () => {
  let summariser: SummariserUnderTest;
  let now = new Date("2026-10-01T12:00:00Z");
  const reader = {
    unchanged: randomUUID(),
    later: randomUUID(),
    earlierPassed: randomUUID(),
    earlierAhead: randomUUID(),
    atTheRepeatedHour: randomUUID(),
  };
  // Due at the last slot of each run of slots: once theirs is queued, every slot before was handled (the
  // fan-out's queue takes one event at a time, in order).
  const sentinels = { wednesday: randomUUID(), end: randomUUID() };
  // Readers on Friday 18:00 who move to Wednesday 12:00 a moment before it, and at the very instant.
  const movingToNoon = { justBefore: randomUUID(), atTheInstant: randomUUID() };

  const setDeliveryTime = async (userId: string, time: { weekday: number; hour: number }) => {
    const response = await summariser.app.inject({
      method: "PUT",
      url: "/api/user/delivery-time",
      headers: asUser(userId),
      payload: time,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ weekday: number; hour: number; nextDeliveryAt: string }>();
  };

  async function fireSlots(from: string, to: string, sentinel: string, weekKey: string): Promise<void> {
    for (let at = Date.parse(from); at <= Date.parse(to); at += SLOT_MS) {
      const slot = new Date(at);
      await summariser.testBus.bus.publish(
        "digest.due",
        { slot: slot.toISOString() },
        { correlationId: "test", id: scheduleEventId("digest.due", slot) },
      );
    }
    await expect
      .poll(async () => (await rowsOf([sentinel])).some((row) => row.week_key === weekKey), {
        timeout: 120_000,
        interval: 500,
      })
      .toBe(true);
  }

  const rowsOf = (userIds: string[]) =>
    summariser.database.db
      .selectFrom("digests")
      .select(["user_id", "week_key", "due_at", "slot"])
      .where("user_id", "in", userIds)
      .orderBy("due_at")
      .execute();

  const weeksOf = async (userId: string) =>
    (await rowsOf([userId])).map((row) => [row.week_key, row.due_at.toISOString()]);

  beforeAll(async () => {
    summariser = await startSummariser({ writer: controlledWriter().writer, now: () => now });
    const events = digestEvents(summariser.testBus.bus, summariser.database.db);
    for (const userId of [
      ...Object.values(reader),
      ...Object.values(sentinels),
      ...Object.values(movingToNoon),
    ]) {
      await events.register(userId, { timeZone: "Europe/London", at: new Date("2026-09-01T00:00:00Z") });
      await events.activate(userId, new Date("2026-09-01T00:00:00Z"));
    }
    await events.applied();
    await setDeliveryTime(reader.earlierPassed, FRIDAY_18);
    await setDeliveryTime(reader.earlierAhead, FRIDAY_18);
    await setDeliveryTime(reader.atTheRepeatedHour, { weekday: 7, hour: 1 });
    await setDeliveryTime(sentinels.wednesday, { weekday: 3, hour: 11 });
    await setDeliveryTime(sentinels.end, { weekday: 6, hour: 0 });
    for (const userId of Object.values(movingToNoon)) await setDeliveryTime(userId, FRIDAY_18);
  });
  afterAll(() => summariser.stop());

  it("gives every week one digest: before, across and after the changes", async () => {
    // Friday of week 43 to Wednesday 28 October (week 44) 11:00, the clocks falling back on the way.
    await fireSlots("2026-10-23T00:00:00Z", "2026-10-28T11:00:00Z", sentinels.wednesday, "2026-W44");

    now = new Date("2026-10-28T11:05:00Z");
    // Later in the week: Monday's digest went out already, so the next is Friday 6 November.
    expect((await setDeliveryTime(reader.later, FRIDAY_18)).nextDeliveryAt).toBe("2026-11-06T18:00:00.000Z");
    // Earlier, to a time this week has passed: this week's still comes on Friday, then Mondays.
    expect((await setDeliveryTime(reader.earlierPassed, MONDAY_9)).nextDeliveryAt).toBe(
      "2026-10-30T18:00:00.000Z",
    );
    // Earlier, to a time still ahead this week: it applies at once.
    expect((await setDeliveryTime(reader.earlierAhead, { weekday: 4, hour: 12 })).nextDeliveryAt).toBe(
      "2026-10-29T12:00:00.000Z",
    );

    // On to Saturday 7 November (week 45).
    await fireSlots("2026-10-28T11:15:00Z", "2026-11-07T00:00:00Z", sentinels.end, "2026-W45");

    expect(await weeksOf(reader.unchanged)).toEqual([
      ["2026-W44", "2026-10-26T09:00:00.000Z"],
      ["2026-W45", "2026-11-02T09:00:00.000Z"],
    ]);
    expect(await weeksOf(reader.later)).toEqual([
      ["2026-W44", "2026-10-26T09:00:00.000Z"],
      ["2026-W45", "2026-11-06T18:00:00.000Z"],
    ]);
    expect(await weeksOf(reader.earlierPassed)).toEqual([
      // 18:00 in British Summer Time.
      ["2026-W43", "2026-10-23T17:00:00.000Z"],
      ["2026-W44", "2026-10-30T18:00:00.000Z"],
      ["2026-W45", "2026-11-02T09:00:00.000Z"],
    ]);
    expect(await weeksOf(reader.earlierAhead)).toEqual([
      ["2026-W43", "2026-10-23T17:00:00.000Z"],
      ["2026-W44", "2026-10-29T12:00:00.000Z"],
      ["2026-W45", "2026-11-05T12:00:00.000Z"],
    ]);
    // 01:00 came twice on 25 October: one digest, at the first.
    expect(await weeksOf(reader.atTheRepeatedHour)).toEqual([
      ["2026-W43", "2026-10-25T00:00:00.000Z"],
      ["2026-W44", "2026-11-01T01:00:00.000Z"],
    ]);
    // Each queued by the slot of its delivery, not later.
    for (const row of await rowsOf(Object.values(reader))) expect(row.slot).toEqual(row.due_at);
  }, 240_000);

  it("refuses a day or hour that is not one, and a caller who is nobody", async () => {
    for (const payload of [
      { weekday: 0, hour: 9 },
      { weekday: 8, hour: 9 },
      { weekday: 1, hour: 24 },
      { weekday: 1, hour: 9.5 },
      { weekday: "1", hour: 9 },
      { weekday: 1 },
      { weekday: 1, hour: 9, minute: 30 },
    ]) {
      const response = await summariser.app.inject({
        method: "PUT",
        url: "/api/user/delivery-time",
        headers: asUser(reader.unchanged),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/^Please choose|Only weekday/);
    }
    const anonymous = await summariser.app.inject({ method: "GET", url: "/api/user/delivery-time" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("takes a new time that falls at this very instant as passed: this week keeps its Friday", async () => {
    // Wednesday 11 November, London on GMT: this week's digests are due on Friday at 18:00.
    now = new Date("2026-11-11T11:59:59.999Z");
    expect((await setDeliveryTime(movingToNoon.justBefore, WEDNESDAY_12)).nextDeliveryAt).toBe(
      "2026-11-11T12:00:00.000Z",
    );
    now = new Date("2026-11-11T12:00:00.000Z");
    expect((await setDeliveryTime(movingToNoon.atTheInstant, WEDNESDAY_12)).nextDeliveryAt).toBe(
      "2026-11-13T18:00:00.000Z",
    );
  });

  it("answers a reader no event has named yet with Monday 09:00 UTC", async () => {
    now = new Date("2026-11-11T12:00:00Z");
    const response = await summariser.app.inject({
      method: "GET",
      url: "/api/user/delivery-time",
      headers: asUser(randomUUID()),
    });
    expect(response.json()).toEqual({
      cadence: "weekly",
      weekday: 1,
      hour: 9,
      timeZone: "UTC",
      nextDeliveryAt: "2026-11-16T09:00:00.000Z",
    });
  });
});
