import type { DeliveryTime } from "@tubedigest/contracts";
import { seededRandom } from "@tubedigest/testing/seeded-random";
import { DateTime, Settings } from "luxon";
import { describe, expect, it } from "vitest";
import {
  digestWeek,
  dueDigestWeeks,
  nextDelivery,
  weekAfter,
  weekLabel,
  weekStartDay,
} from "./digest-week.ts";

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
function slotsChosen(
  timeZone: string,
  slots: Date[],
  catchUpHours = 24,
  delivery: DeliveryTime = { weekday: 1, hour: 9 },
): string[] {
  const queued = new Set<string>();
  const chosen: string[] = [];
  for (const slot of slots) {
    for (const week of dueDigestWeeks(timeZone, slot, catchUpHours, delivery)) {
      if (queued.has(week.weekKey)) continue;
      queued.add(week.weekKey);
      chosen.push(slot.toISOString());
    }
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

  it("is the same week however the instants are asked, in zones whose clocks change by half and whole hours", () => {
    // Worked out weeks are kept per zone: asked out of order, around their midnights and across clock
    // changes (Lord Howe moves by 30 minutes, Troll by 2 hours), each instant still gets the week its
    // own local date is in.
    const random = seededRandom(48);
    const zones = ["Australia/Lord_Howe", "Antarctica/Troll", "America/Sao_Paulo", "Europe/London"];
    const instants: number[] = [];
    for (
      let at = Date.parse("2026-03-23T00:00:00Z");
      at < Date.parse("2026-04-13T00:00:00Z");
      at += 3_600_000
    ) {
      instants.push(at, at + 1, at - 1);
    }
    for (const zone of zones) {
      for (const at of [...instants].sort(() => random() - 0.5)) {
        const local = DateTime.fromMillis(at, { zone });
        const week = digestWeek(zone, new Date(at));
        expect(week.weekKey, `${zone} ${local.toISO()}`).toBe(
          `${local.weekYear}-W${String(local.weekNumber).padStart(2, "0")}`,
        );
        expect(week.weekStart).toBe(local.startOf("week").toISODate());
      }
    }
  });

  it("is labelled in English whatever the process's own zone and language", () => {
    const { defaultLocale, defaultZone } = Settings;
    try {
      Settings.defaultLocale = "fr-FR";
      Settings.defaultZone = "America/Los_Angeles";
      expect(weekLabel("2026-11-23")).toBe("Week of 23 November 2026");
      expect(weekStartDay("2026-11-23")).toBe("23 November");
    } finally {
      Settings.defaultLocale = defaultLocale;
      Settings.defaultZone = defaultZone;
    }
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
    const due = (at: string, hours: number) =>
      dueDigestWeeks("UTC", new Date(at), hours).map((week) => week.weekKey);
    expect(due("2026-11-23T08:45:00Z", 24)).toEqual([]);
    expect(due("2026-11-23T09:00:00Z", 24)).toEqual(["2026-W48"]);
    expect(due("2026-11-24T08:45:00Z", 24)).toEqual(["2026-W48"]);
    expect(due("2026-11-24T09:00:00Z", 24)).toEqual([]);
    expect(due("2026-11-23T10:00:00Z", 1)).toEqual([]);
  });
});

describe("a delivery time the reader chose", () => {
  const ZONES = ["America/New_York", "Australia/Sydney", "Asia/Kolkata"];

  it.each([
    { weekday: 5, hour: 18 },
    { weekday: 7, hour: 23 },
    { weekday: 7, hour: 2 },
    { weekday: 3, hour: 0 },
  ])("is exactly that day and hour local, once a week, across daylight-saving changes (%o)", (delivery) => {
    const day = ["", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][
      delivery.weekday
    ];
    for (const [from, to] of [
      ["2026-03-01T12:00:00Z", "2026-04-12T12:00:00Z"],
      ["2026-09-27T12:00:00Z", "2026-11-08T12:00:00Z"],
    ] as const) {
      for (const zone of ZONES) {
        // A window of one slot: a delivery just before the range is not caught up at its first slot.
        const chosen = slotsChosen(zone, slotsBetween(from, to), 0.25, delivery);
        const local = chosen.map((slot) => DateTime.fromISO(slot, { zone }));
        expect(new Set(local.map((at) => at.weekNumber)).size, `${zone} ${from}`).toBe(local.length);
        expect(local.length, `${zone} ${from}`).toBeGreaterThanOrEqual(5);
        for (const at of local) {
          // An hour the clocks skip (02:00 on the night they spring forward) is the hour after it.
          const expected = [`${day} ${String(delivery.hour).padStart(2, "0")}:00`, `${day} 03:00`];
          expect(expected, `${zone} ${at.toISO()}`).toContain(at.toFormat("cccc HH:mm"));
          if (at.toFormat("HH:mm") === "03:00" && delivery.hour === 2) expect(at.isInDST).toBe(true);
        }
      }
    }
  });

  it("takes the hour the clocks skip as the one after it, and the hour they repeat once", () => {
    // New York springs forward at 02:00 on Sunday 8 March 2026 and falls back at 02:00 on 1 November.
    const sundayTwo = { weekday: 7, hour: 2 };
    const spring = slotsChosen(
      "America/New_York",
      slotsBetween("2026-03-01T00:00:00Z", "2026-03-16T00:00:00Z"),
      24,
      sundayTwo,
    );
    expect(spring).toEqual([
      "2026-03-01T07:00:00.000Z",
      "2026-03-08T07:00:00.000Z",
      "2026-03-15T06:00:00.000Z",
    ]);
    const sundayOne = { weekday: 7, hour: 1 };
    const autumn = slotsChosen(
      "America/New_York",
      slotsBetween("2026-10-25T00:00:00Z", "2026-11-09T00:00:00Z"),
      24,
      sundayOne,
    );
    expect(autumn).toEqual([
      "2026-10-25T05:00:00.000Z",
      // The earlier of the two 01:00s, once.
      "2026-11-01T05:00:00.000Z",
      "2026-11-08T06:00:00.000Z",
    ]);
  });

  it("is caught up the next morning when a Sunday night delivery fell in an outage, though a new week began", () => {
    const delivery = { weekday: 7, hour: 23 };
    const slots = slotsBetween("2026-11-22T00:00:00Z", "2026-12-01T00:00:00Z").filter(
      (slot) => slot < new Date("2026-11-29T22:00:00Z") || slot >= new Date("2026-11-30T06:00:00Z"),
    );
    expect(slotsChosen("Europe/London", slots, 24, delivery)).toEqual([
      "2026-11-22T23:00:00.000Z",
      "2026-11-30T06:00:00.000Z",
    ]);
    expect(dueDigestWeeks("Europe/London", new Date("2026-11-30T06:00:00Z"), 24, delivery)[0]?.weekKey).toBe(
      "2026-W48",
    );
  });

  it("names the next delivery: this week's while it is ahead, else next week's", () => {
    const friday = { weekday: 5, hour: 18 };
    expect(nextDelivery("Europe/Berlin", new Date("2026-11-25T12:00:00Z"), friday).dueAt).toEqual(
      new Date("2026-11-27T17:00:00Z"),
    );
    expect(nextDelivery("Europe/Berlin", new Date("2026-11-27T17:00:00Z"), friday).dueAt).toEqual(
      new Date("2026-12-04T17:00:00Z"),
    );
  });

  it("names the week after a reader's week in their own zone, west of UTC as east of it", () => {
    const friday = { weekday: 5, hour: 18 };
    for (const [zone, due] of [
      ["America/Los_Angeles", "2026-12-05T02:00:00.000Z"],
      ["Pacific/Auckland", "2026-12-04T05:00:00.000Z"],
    ] as const) {
      const week = digestWeek(zone, new Date("2026-11-25T12:00:00Z"), friday);
      expect(week.weekKey).toBe("2026-W48");
      expect(weekAfter(zone, week, friday)).toEqual({
        weekKey: "2026-W49",
        weekStart: "2026-11-30",
        dueAt: new Date(due),
      });
    }
  });

  it("keeps a week pinned to the instant a change left it at, and only that week", () => {
    const pinned = {
      weekday: 1,
      hour: 9,
      pinned: { weekKey: "2026-W48", dueAt: new Date("2026-11-27T17:00:00Z") },
    };
    expect(digestWeek("UTC", new Date("2026-11-25T12:00:00Z"), pinned).dueAt).toEqual(
      new Date("2026-11-27T17:00:00Z"),
    );
    expect(digestWeek("UTC", new Date("2026-12-02T12:00:00Z"), pinned).dueAt).toEqual(
      new Date("2026-11-30T09:00:00Z"),
    );
  });
});
