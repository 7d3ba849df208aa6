import type { EventName } from "@tubedigest/contracts";
import type { Schedule } from "@tubedigest/jobs";
import {
  DEFAULT_DIGEST_SLOT_PATTERN,
  DEFAULT_UPLOAD_CHECK_PATTERN,
  type SchedulerSettings,
} from "../config.ts";

/** A schedule and the event each of its slots announces. */
export interface ProductSchedule extends Schedule {
  event: EventName & ("digest.due" | "uploads.check-due");
}

/**
 * The product's schedules. Their ids are what replicas share in Redis: renaming one removes the old
 * schedule at the next start (the scheduler drops schedules it no longer lists).
 */
export function productSchedules(settings: SchedulerSettings): ProductSchedule[] {
  const timeZone = settings.timeZone ?? "UTC";
  return [
    {
      id: "digest-slots",
      pattern: settings.digestSlotPattern ?? DEFAULT_DIGEST_SLOT_PATTERN,
      timeZone,
      event: "digest.due",
    },
    {
      id: "upload-checks",
      pattern: settings.uploadCheckPattern ?? DEFAULT_UPLOAD_CHECK_PATTERN,
      timeZone,
      event: "uploads.check-due",
    },
  ];
}
