/** The next Monday 09:00 UTC after `now`: the digest slot where readers on UTC are due. */
export function nextMondayNine(now: Date): Date {
  const slot = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 9));
  slot.setUTCDate(slot.getUTCDate() + ((8 - slot.getUTCDay()) % 7));
  if (slot <= now) slot.setUTCDate(slot.getUTCDate() + 7);
  return slot;
}
