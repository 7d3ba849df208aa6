/**
 * Sets `key` as the newest entry of `entries`, first dropping the oldest one when `capacity` are held: a Map
 * iterates in insertion order, so its first key is the one set longest ago. The gateway's in-process
 * memories (sessions read lately, cookies verified, local rate-limit windows) stay bounded this way.
 */
export function setNewestWithin<V>(entries: Map<string, V>, key: string, value: V, capacity: number): void {
  entries.delete(key);
  if (entries.size >= capacity) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.set(key, value);
}
