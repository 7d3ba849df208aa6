import { describe, expect, it } from "vitest";
import { scheduleEventId } from "./schedule-event-id.ts";

describe("scheduleEventId", () => {
  const slot = new Date("2026-11-23T09:00:00Z");

  it("is the same for the same event and slot, whoever computes it", () => {
    expect(scheduleEventId("digest.due", slot)).toBe(scheduleEventId("digest.due", new Date(slot.getTime())));
  });

  it("differs by slot and by event", () => {
    const ids = new Set([
      scheduleEventId("digest.due", slot),
      scheduleEventId("digest.due", new Date("2026-11-23T09:15:00Z")),
      scheduleEventId("uploads.check-due", slot),
    ]);
    expect(ids.size).toBe(3);
  });

  it("is a version-5 shaped UUID the envelope accepts", () => {
    expect(scheduleEventId("digest.due", slot)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
