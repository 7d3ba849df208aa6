import { randomUUID } from "node:crypto";
import { scheduleEventId } from "@tubedigest/contracts/schedule-event-id";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { digestEvents } from "./support/digest-events.ts";
import { type SummariserUnderTest, startSummariser } from "./support/summariser-harness.ts";
import { controlledWriter } from "./support/test-writers.ts";

const SLOT_MS = 15 * 60 * 1000;

describe("digest.due every 15 minutes for two weeks across daylight-saving changes, readers in three zones (Postgres, RabbitMQ)", () => {
  let summariser: SummariserUnderTest;
  // London falls back on 25 October, New York on 1 November; Kolkata keeps +05:30.
  const zones = ["America/New_York", "Europe/London", "Asia/Kolkata"];
  const readers = new Map<string, string>(zones.map((zone) => [randomUUID(), zone]));
  // Due only at a slot published after all the others: when theirs is queued, every slot before was handled.
  const sentinel = randomUUID();
  const lastSlot = new Date("2026-11-09T09:00:00Z");

  beforeAll(async () => {
    summariser = await startSummariser({ writer: controlledWriter().writer });
    const events = digestEvents(summariser.testBus.bus, summariser.database.db);
    for (const [userId, timeZone] of readers) {
      await events.register(userId, { timeZone, at: new Date("2026-09-01T00:00:00Z") });
      await events.activate(userId, new Date("2026-09-01T00:00:00Z"));
    }
    await events.register(sentinel, { timeZone: "Europe/London", at: new Date("2026-11-06T00:00:00Z") });
    await events.activate(sentinel, new Date("2026-11-06T00:00:00Z"));
    await events.applied();
  });
  afterAll(() => summariser.stop());

  it("queues each reader's digest at the slot of their Monday 09:00, once a week", async () => {
    const from = Date.parse("2026-10-22T00:00:00Z");
    const to = Date.parse("2026-11-05T00:00:00Z");
    let fired = 0;
    for (let at = from; at < to; at += SLOT_MS) {
      const slot = new Date(at);
      await summariser.testBus.bus.publish(
        "digest.due",
        { slot: slot.toISOString() },
        { correlationId: "test", id: scheduleEventId("digest.due", slot) },
      );
      fired += 1;
    }
    expect(fired).toBe(14 * 96);
    await summariser.testBus.bus.publish(
      "digest.due",
      { slot: lastSlot.toISOString() },
      { correlationId: "test", id: scheduleEventId("digest.due", lastSlot) },
    );
    const digestsOf = (userIds: string[]) =>
      summariser.database.db
        .selectFrom("digests")
        .select(["user_id", "week_key", "slot", "due_at"])
        .where("user_id", "in", userIds)
        .orderBy("slot")
        .execute();
    await expect
      .poll(async () => (await digestsOf([sentinel])).length, { timeout: 60_000, interval: 500 })
      .toBe(1);
    // The readers' weeks of the two weeks fired (the last slot begins the next week for some of them).
    const rows = (await digestsOf([...readers.keys()])).filter((row) => row.slot < lastSlot);
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      const zone = readers.get(row.user_id) ?? "";
      const local = DateTime.fromJSDate(row.slot, { zone });
      expect(local.toFormat("cccc HH:mm"), `${zone} ${row.slot.toISOString()}`).toBe("Monday 09:00");
      expect(row.due_at).toEqual(row.slot);
    }
    const chosen = (zone: string) =>
      rows
        .filter((row) => readers.get(row.user_id) === zone)
        .map((row) => [row.week_key, row.slot.toISOString()]);
    expect(chosen("America/New_York")).toEqual([
      ["2026-W44", "2026-10-26T13:00:00.000Z"],
      ["2026-W45", "2026-11-02T14:00:00.000Z"],
    ]);
    expect(chosen("Europe/London")).toEqual([
      ["2026-W44", "2026-10-26T09:00:00.000Z"],
      ["2026-W45", "2026-11-02T09:00:00.000Z"],
    ]);
    expect(chosen("Asia/Kolkata")).toEqual([
      ["2026-W44", "2026-10-26T03:30:00.000Z"],
      ["2026-W45", "2026-11-02T03:30:00.000Z"],
    ]);
  }, 120_000);
});
