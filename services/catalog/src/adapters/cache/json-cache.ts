/**
 * A small key-value cache of JSON values with an expiry per key: Redis in the real setup, process
 * memory in the embedded product. A cache that fails answers "not cached"; it never fails a request.
 */
export interface JsonCache {
  /** Whether the cache answers now (`/readyz` reports a Redis that does not as degraded). */
  available(): boolean;
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  close(): Promise<void>;
}
