import type { JsonCache } from "./json-cache.ts";

/** Bounded so a process taking every query anyone types cannot grow without end. */
const MAX_ENTRIES = 10_000;

/** The embedded product's cache. Values are kept as JSON text, so callers get copies, as from Redis. */
export function createMemoryJsonCache(now: () => number = Date.now): JsonCache {
  const entries = new Map<string, { expiresAt: number; json: string }>();
  return {
    available: () => true,
    async get<T>(key: string) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return JSON.parse(entry.json) as T;
    },
    async set(key, value, ttlSeconds) {
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) {
        // A Map iterates in insertion order: the first key is the oldest write.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { expiresAt: now() + ttlSeconds * 1000, json: JSON.stringify(value) });
    },
    close: async () => {
      entries.clear();
    },
  };
}
