import { createHash } from "node:crypto";

/**
 * The id of a schedule's event for one slot: a name-based (version 5 style) UUID of the event's name and
 * the slot, so every replica that fires the slot publishes the same id and consumers' inboxes keep one.
 */
export function scheduleEventId(eventName: string, slot: Date): string {
  const hash = createHash("sha1").update(`tubedigest:${eventName}:${slot.toISOString()}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
