import { defineEvent } from "../contract.ts";
import { ScheduleSlotData } from "./schedule-slot.ts";

/**
 * Emitted by the scheduler every 15 minutes (every offset a time zone has is a multiple of 15 minutes):
 * the summariser composes the digest of every eligible user whose Monday 09:00, in their own time zone,
 * has come. The id is derived from the slot, so two replicas firing the same slot make one event.
 */
export const digestDue = defineEvent({
  name: "digest.due",
  version: 1,
  schema: ScheduleSlotData,
  example: { slot: "2026-11-23T09:00:00.000Z" },
});
