import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { setNewestWithin } from "./newest-within.ts";

/** How long a session read from Redis answers again without asking Redis. */
export const SESSION_READ_CACHE_MS = 1_000;
/** The most sessions held at once; the oldest reads give way first. */
const MAX_ENTRIES = 10_000;

interface Entry {
  /** The session as Redis holds it (JSON), parsed afresh for each request. */
  value: string;
  userId: string | undefined;
  readAt: number;
}

/** What a replica tells the others: a session changed or ended, or every session of a user ended. */
type Change = { sessionId: string } | { userId: string };

/** A change as published: who announced it, so a replica skips the echo of its own. */
type Announcement = Change & { from: string };

/**
 * The sessions this gateway read from Redis in the last second, so that a signed-in browser's burst of
 * requests costs one Redis round trip rather than one each. Every change to a session, and every end of
 * a user's sessions, is forgotten here at once and published to every replica (Redis pub/sub), which
 * forgets it too; so a sign-out holds everywhere as soon as the others hear of it, not a second later.
 *
 * Nothing is answered from here unless this replica is subscribed: while its subscription is down it could
 * miss a change, so it reads Redis every time, and what it held is dropped when it subscribes again. A
 * read that was under way while a change arrived is not kept, as it may predate the change.
 */
export class SessionReadCache {
  private readonly entries = new Map<string, Entry>();
  private subscribed = false;
  /** Counts changes heard; a read is kept only if none arrived while it was under way. */
  private changesHeard = 0;
  private readonly replicaId = randomUUID();

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    private readonly lifetimeMs: number,
  ) {}

  /**
   * Subscribes a connection of its own to `channel` on `redis`'s server; answers once subscribed, or at its
   * first failure (the cache then waits for a later connection, reading Redis every time until then).
   */
  static async start(
    redis: Redis,
    channel: string,
    lifetimeMs = SESSION_READ_CACHE_MS,
  ): Promise<SessionReadCache> {
    // Subscribed again by hand on each connection: ioredis's own resubscription is sent after it reports
    // ready, so "ready" alone would not mean that changes are heard again.
    const subscriber = redis.duplicate({ autoResubscribe: false });
    const cache = new SessionReadCache(redis, subscriber, channel, lifetimeMs);
    subscriber.on("message", (from: string, message: string) => {
      if (from === channel) cache.hear(message);
    });
    subscriber.on("close", () => cache.lostTouch());
    await new Promise<void>((settled) => {
      subscriber.on("ready", () => {
        subscriber.subscribe(channel).then(() => {
          cache.entries.clear();
          cache.subscribed = true;
          settled();
        }, settled);
      });
      subscriber.on("error", () => settled());
    });
    return cache;
  }

  /** A marker to hand to `remember`: taken before reading Redis. */
  readStarted(): number {
    return this.changesHeard;
  }

  /** The session's JSON, if read within the lifetime and nothing changed since. */
  recall(sessionId: string): string | undefined {
    if (!this.subscribed) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (Date.now() - entry.readAt < this.lifetimeMs) return entry.value;
    this.entries.delete(sessionId);
    return undefined;
  }

  /**
   * Keeps what Redis answered to a read begun at `marker` (the session's JSON, and its user's id so that
   * an end of the user's sessions finds it), unless a change arrived meanwhile.
   */
  remember(sessionId: string, value: string, userId: string | undefined, marker: number): void {
    if (!this.subscribed || marker !== this.changesHeard) return;
    setNewestWithin(this.entries, sessionId, { value, userId, readAt: Date.now() }, MAX_ENTRIES);
  }

  /** The session was written or deleted: forgotten here and on every replica. */
  sessionChanged(sessionId: string): Promise<void> {
    return this.announce({ sessionId });
  }

  /** Every session of the user ended: forgotten here and on every replica. */
  userSessionsEnded(userId: string): Promise<void> {
    return this.announce({ userId });
  }

  async close(): Promise<void> {
    this.lostTouch();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  /** Changes may go unheard from now on: nothing held is trusted, nor any read under way. */
  private lostTouch(): void {
    this.subscribed = false;
    this.forgetAll();
  }

  private async announce(change: Change): Promise<void> {
    this.forget(change);
    const announcement: Announcement = { ...change, from: this.replicaId };
    await this.publisher.publish(this.channel, JSON.stringify(announcement));
  }

  private hear(message: string): void {
    try {
      const announcement = JSON.parse(message) as Announcement;
      // Forgotten here as it was announced; a read begun since then is of the changed session.
      if (announcement.from !== this.replicaId) this.forget(announcement);
    } catch {
      // Not one of ours: forget everything rather than guess.
      this.forgetAll();
    }
  }

  private forgetAll(): void {
    this.changesHeard++;
    this.entries.clear();
  }

  private forget(change: Change): void {
    this.changesHeard++;
    if ("sessionId" in change) {
      this.entries.delete(change.sessionId);
      return;
    }
    for (const [sessionId, entry] of this.entries) {
      if (entry.userId === change.userId) this.entries.delete(sessionId);
    }
  }
}
