import { eventually } from "@tubedigest/testing/eventually";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createInProcessScheduler } from "./in-process-scheduler.ts";

const log = pino({ level: "silent" });

describe("the in-process scheduler", () => {
  it("fires each slot after start once, with the slot the pattern named", async () => {
    const scheduler = createInProcessScheduler({ log });
    const startedAt = Date.now();
    const fired: number[] = [];
    await scheduler.start(
      [{ id: "tick", pattern: "* * * * * *", timeZone: "UTC" }],
      async (schedule, slot) => {
        expect(schedule).toBe("tick");
        fired.push(slot.getTime());
      },
    );
    await eventually(() => (fired.length >= 2 ? true : undefined));
    await scheduler.close();
    expect(new Set(fired).size).toBe(fired.length);
    expect(fired.every((slot) => slot % 1000 === 0 && slot > startedAt)).toBe(true);
    expect(fired[1]).toBe((fired[0] ?? 0) + 1000);
  });

  it("reads a pattern in its time zone", async () => {
    // A clock at 08:59:59.9 UTC on a Monday: 09:00 in London (summer time) is an hour earlier than in UTC.
    const clock = new Date("2025-06-02T08:59:59.900Z");
    const scheduler = createInProcessScheduler({ log, now: () => clock });
    const fired: string[] = [];
    await scheduler.start(
      [
        { id: "utc", pattern: "0 9 * * 1", timeZone: "UTC" },
        { id: "london", pattern: "0 10 * * 1", timeZone: "Europe/London" },
      ],
      async (schedule, slot) => void fired.push(`${schedule} ${slot.toISOString()}`),
    );
    await eventually(() => (fired.length === 2 ? true : undefined));
    await scheduler.close();
    expect(fired.sort()).toEqual(["london 2025-06-02T09:00:00.000Z", "utc 2025-06-02T09:00:00.000Z"]);
  });

  it("fires a slot again when firing it failed", async () => {
    const scheduler = createInProcessScheduler({ log });
    const tries: number[] = [];
    await scheduler.start([{ id: "tick", pattern: "* * * * * *", timeZone: "UTC" }], async (_id, slot) => {
      tries.push(slot.getTime());
      if (tries.length === 1) throw new Error("the bus is away");
    });
    // The retry waits 2 s; the slots after the first go on meanwhile.
    await eventually(() => (tries.slice(1).includes(tries[0] ?? -1) ? true : undefined), 5_000);
    await scheduler.close();
  });

  it("fires nothing once closed", async () => {
    const scheduler = createInProcessScheduler({ log });
    const fired: Date[] = [];
    await scheduler.start([{ id: "tick", pattern: "* * * * * *", timeZone: "UTC" }], async (_id, slot) => {
      fired.push(slot);
    });
    await scheduler.close();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(fired).toEqual([]);
  });
});
