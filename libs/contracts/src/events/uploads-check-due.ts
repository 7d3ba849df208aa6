import { defineEvent } from "../contract.ts";
import { ScheduleSlotData } from "./schedule-slot.ts";

/**
 * Emitted by the scheduler every hour: catalog checks the followed channels whose last check is a day
 * old for new uploads. The id is derived from the slot, so two replicas firing the same slot make one event.
 */
export const uploadsCheckDue = defineEvent({
  name: "uploads.check-due",
  version: 1,
  schema: ScheduleSlotData,
  example: { slot: "2026-11-23T10:00:00.000Z" },
});
