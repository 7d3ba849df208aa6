/**
 * BullMQ refuses some job ids: an integer (its own ids are counters) and one with a ":" (its keys are
 * built with colons). Callers name jobs by what they are ("digest:<user>:<slot>"), so an id is kept
 * readable but made safe on the way in, and read back on the way out: a prefix keeps it from being an
 * integer, and "%" and ":" are percent-encoded.
 */
const PREFIX = "job-";

export function toBullMqJobId(id: string): string {
  return PREFIX + id.replace(/[%:]/g, (character) => encodeURIComponent(character));
}

export function fromBullMqJobId(bullMqId: string): string {
  return decodeURIComponent(bullMqId.slice(PREFIX.length));
}
