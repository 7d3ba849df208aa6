import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { digestWeek, dueDigestWeek, weekLabel, weekStartDay } from "./digest-week.ts";

const SLOT_MS = 15 * 60 * 1000;

/** Every 15-minute slot from `from` (inclusive) to `to` (exclusive), as the scheduler fires them. */
function slotsBetween(from: string, to: string): Date[] {
  const slots: Date[] = [];
  for (let at = Date.parse(from); at < Date.parse(to); at += SLOT_MS) slots.push(new Date(at));
  return slots;
}

/**
 * The fan-out's decision for one reader, slot after slot: a digest is queued at the first slot its
 * week is due and none was queued for that week yet (the digests table's unique key).
 */
function slotsChosen(timeZone: string, slots: Date[], catchUpHours = 24): string[] {
  const queued = new Set<string>();
  const chosen: string[] = [];
  for (const slot of slots) {
    const week = dueDigestWeek(timeZone, slot, catchUpHours);
    if (!week || queued.has(week.weekKey)) continue;
    queued.add(week.weekKey);
    chosen.push(slot.toISOString());
  }
  return chosen;
}

describe("a reader's digest week", () => {
  it("is the ISO week of the local date, due Monday 09:00 local", () => {
    expect(digestWeek("Europe/London", new Date("2026-11-25T12:00:00Z"))).toEqual({
      weekKey: "2026-W48",
      weekStart: "2026-11-23",
      dueAt: new Date("2026-11-23T09:00:00Z"),
    });
    // Sunday evening in New York is already Monday in UTC: the week is New York's.
    expect(digestWeek("America/New_York", new Date("2026-11-23T03:00:00Z"))).toMatchObject({
      weekKey: "2026-W47",
      weekStart: "2026-11-16",
    });
    expect(digestWeek("Asia/Kolkata", new Date("2026-11-23T03:00:00Z"))).toEqual({
      weekKey: "2026-W48",
      weekStart: "2026-11-23",
      dueAt: new Date("2026-11-23T03:30:00Z"),
    });
  });

  it("takes the ISO week-year at the turn of the year (2026 has 53 weeks)", () => {
    expect(digestWeek("UTC", new Date("2027-01-03T23:00:00Z")).weekKey).toBe("2026-W53");
    expect(digestWeek("UTC", new Date("2027-01-04T00:00:00Z")).weekKey).toBe("2027-W01");
    expect(digestWeek("Pacific/Auckland", new Date("2027-01-03T12:00:00Z")).weekKey).toBe("2027-W01");
  });

  it("is labelled by its Monday", () => {
    expect(weekLabel("2026-11-23")).toBe("Week of 23 November 2026");
    expect(weekStartDay("2026-11-23")).toBe("23 November");
    expect(weekLabel("2027-01-04")).toBe("Week of 4 January 2027");
  });

  it("refuses a zone that is not one", () => {
    expect(() => digestWeek("Mars/Olympus_Mons", new Date())).toThrow(/time zone/);
  });
});

describe("when a digest is due", () => {
  const ZONES = ["America/New_York", "Europe/London", "Australia/Sydney", "Asia/Kolkata"];

  it.each([
    // Six weeks each. Spring: New York moves on 8 March, London on 29 March, Sydney falls back on 5 April.
    ["2026-03-01T12:00:00Z", "2026-04-12T12:00:00Z"],
    // Autumn: Sydney moves on 4 October, London falls back on 25 October, New York on 1 November.
    ["2026-09-27T12:00:00Z", "2026-11-08T12:00:00Z"],
  ])("is exactly Monday 09:00 local in every zone, across daylight-saving changes (%s to %s)", (from, to) => {
    const slots = slotsBetween(from, to);
    for (const zone of ZONES) {
      const chosen = slotsChosen(zone, slots);
      const mondays = chosen.map((slot) => DateTime.fromISO(slot, { zone }));
      // One a week, and every one at 09:00 on a Monday on the reader's own clock.
      expect(mondays.length, zone).toBe(6);
      for (const monday of mondays) {
        expect(monday.toFormat("cccc HH:mm"), `${zone} ${monday.toISO()}`).toBe("Monday 09:00");
      }
      expect(new Set(mondays.map((monday) => monday.weekNumber)).size).toBe(6);
    }
  });

  it("follows the change in UTC: the instants are an hour apart either side of it", () => {
    const slots = slotsBetween("2026-03-02T00:00:00Z", "2026-04-07T00:00:00Z");
    expect(slotsChosen("America/New_York", slots).slice(0, 2)).toEqual([
      "2026-03-02T14:00:00.000Z",
      "2026-03-09T13:00:00.000Z",
    ]);
    expect(slotsChosen("Europe/London", slots).slice(3, 5)).toEqual([
      "2026-03-23T09:00:00.000Z",
      "2026-03-30T08:00:00.000Z",
    ]);
    expect(slotsChosen("Australia/Sydney", slots).slice(4)).toEqual([
      "2026-03-29T22:00:00.000Z",
      "2026-04-05T23:00:00.000Z",
    ]);
    expect(slotsChosen("Asia/Kolkata", slots).slice(0, 2)).toEqual([
      "2026-03-02T03:30:00.000Z",
      "2026-03-09T03:30:00.000Z",
    ]);
  });

  it("is caught up at the next slot the scheduler fires when it missed 09:00, within the catch-up window", () => {
    const down = (slot: Date) =>
      slot >= new Date("2026-11-23T08:45:00Z") && slot < new Date("2026-11-23T17:00:00Z");
    const slots = slotsBetween("2026-11-22T00:00:00Z", "2026-11-26T00:00:00Z").filter((slot) => !down(slot));
    expect(slotsChosen("Europe/London", slots)).toEqual(["2026-11-23T17:00:00.000Z"]);
    // Down longer than the window: that week has no digest, the next one comes as usual.
    const longOutage = slotsBetween("2026-11-22T00:00:00Z", "2026-12-01T00:00:00Z").filter(
      (slot) => slot < new Date("2026-11-23T09:00:00Z") || slot >= new Date("2026-11-24T09:00:00Z"),
    );
    expect(slotsChosen("Europe/London", longOutage)).toEqual(["2026-11-30T09:00:00.000Z"]);
  });

  it("is not due before 09:00 nor after the window", () => {
    expect(dueDigestWeek("UTC", new Date("2026-11-23T08:45:00Z"), 24)).toBeUndefined();
    expect(dueDigestWeek("UTC", new Date("2026-11-23T09:00:00Z"), 24)?.weekKey).toBe("2026-W48");
    expect(dueDigestWeek("UTC", new Date("2026-11-24T08:45:00Z"), 24)?.weekKey).toBe("2026-W48");
    expect(dueDigestWeek("UTC", new Date("2026-11-24T09:00:00Z"), 24)).toBeUndefined();
    expect(dueDigestWeek("UTC", new Date("2026-11-23T10:00:00Z"), 1)).toBeUndefined();
  });
});
