import type { SessionStore } from "@fastify/session";
import type { Session } from "fastify";
import { LRUCache } from "lru-cache";

type Callback = (error?: unknown) => void;

/**
 * Sessions of the embedded product, in this process's memory. Each expires after the session lifetime
 * and the store holds at most `maxSessions`, dropping the least recently used first, so no number of
 * requests can make it grow without end. Sessions are kept serialised, as Redis keeps them, so a caller
 * never shares an object with the store.
 */
export class MemorySessionStore implements SessionStore {
  private readonly sessions: LRUCache<string, string>;

  constructor(options: { maxSessions: number; ttlSeconds: number }) {
    this.sessions = new LRUCache({ max: options.maxSessions, ttl: options.ttlSeconds * 1000 });
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Removes the user's sessions that started before `moment`. */
  removeSessionsOf(userId: string, moment: number): void {
    for (const [sessionId, value] of this.sessions.entries()) {
      const session = JSON.parse(value) as Session;
      if (session.userId === userId && (session.startedAt ?? 0) < moment) this.sessions.delete(sessionId);
    }
  }

  set(sessionId: string, session: Session, callback: Callback): void {
    this.sessions.set(sessionId, JSON.stringify(session));
    callback();
  }

  get(sessionId: string, callback: (error: unknown, session?: Session | null) => void): void {
    const value = this.sessions.get(sessionId);
    callback(null, value === undefined ? null : (JSON.parse(value) as Session));
  }

  destroy(sessionId: string, callback: Callback): void {
    this.sessions.delete(sessionId);
    callback();
  }
}
