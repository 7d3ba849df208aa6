import type { Job } from "bullmq";

/**
 * The slot a job scheduler's job was made for: the instant its pattern named, which BullMQ keeps in the
 * job's `prevMillis` option and in its id (`repeat:<scheduler id>:<that instant>`). Not the time the job
 * ran: a slot taken late, or retried, is still the same slot, so what is derived from it (an event id)
 * stays the same.
 */
export function scheduledSlot(job: Job): Date {
  const millis = job.opts.prevMillis;
  if (millis === undefined) throw new Error(`job ${job.id} was not made by a job scheduler`);
  return new Date(millis);
}

/** The id BullMQ gives a scheduler's job for a slot. */
export function schedulerJobId(scheduleId: string, slotMillis: number): string {
  return `repeat:${scheduleId}:${slotMillis}`;
}
