import cookie, { Signer } from "@fastify/cookie";
import session, { type SessionStore } from "@fastify/session";
import { CLAIM_COOKIE, EARLIER_CLAIM_COOKIE_PATH, type ServiceApp } from "@tubedigest/http";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { redisReachable } from "./gateway-redis.ts";
import { MemorySessionStore } from "./memory-session-store.ts";
import { RedisSessionStore } from "./redis-session-store.ts";
import { RememberingSigner } from "./remembering-signer.ts";
import { memorySessionEpochs, redisSessionEpochs, type SessionEpochs } from "./session-epochs.ts";
import { SessionReadCache } from "./session-read-cache.ts";

declare module "fastify" {
  interface Session {
    userId?: string;
    /** When this browser signed in (ms since the epoch): sessions of a user ended after it are void. */
    startedAt?: number;
    /** When the session's lifetime last started over (ms since the epoch): see `RENEWAL_INTERVAL_MS`. */
    renewedAt?: number;
  }
}

export const SESSION_COOKIE = "td_session";
const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/**
 * A session lasts the lifetime from its last use, but is stored again (and its cookie sent again) at most
 * this often, not on every request: a signed-in request that changes nothing costs one Redis read. So an
 * unused session ends between 29 and 30 days after its last use.
 */
const RENEWAL_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** The embedded product's bound: past it the least recently used sessions are dropped. */
const MAX_MEMORY_SESSIONS = 10_000;

/** What the routes may do to sessions beyond reading them. */
export interface SessionControl {
  /** Whether sessions can be stored now: not while their Redis is away. */
  available(): boolean;
  /** A fresh session id for the user, so an id planted before sign-in is worthless after it. */
  signIn(request: FastifyRequest, userId: string): Promise<void>;
  /** Ends every session of the user except this request's own. */
  endOtherSessions(request: FastifyRequest, userId: string): Promise<void>;
  /** Ends this request's session and tells the browser to forget every sign-in credential it holds. */
  signOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends every session of the user, this request's included, and signs this browser out (a deleted account). */
  endAllSessions(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
}

/** Where sessions and the users' sign-out epochs are kept. */
type SessionStorage = { store: SessionStore; epochs: SessionEpochs };

/** The embedded product's: in this process's memory. */
function memorySessions(): SessionStorage {
  const store = new MemorySessionStore({
    maxSessions: MAX_MEMORY_SESSIONS,
    ttlSeconds: SESSION_LIFETIME_SECONDS,
  });
  return { store, epochs: memorySessionEpochs(store) };
}

/** In Redis, shared by every replica, each keeping what it read for a second (session-read-cache.ts). */
async function redisSessions(app: ServiceApp, redis: Redis, keyPrefix: string): Promise<SessionStorage> {
  const epochPrefix = `${keyPrefix}session-epoch:`;
  const cache = await SessionReadCache.start(redis, `${keyPrefix}session-changes`);
  app.addHook("onClose", () => cache.close());
  return {
    // The store voids a session whose user's sessions were ended after it started as it reads it.
    store: new RedisSessionStore(redis, `${keyPrefix}session:`, SESSION_LIFETIME_SECONDS, epochPrefix, cache),
    epochs: redisSessionEpochs(redis, epochPrefix, SESSION_LIFETIME_SECONDS, cache),
  };
}

/** Server-side sessions: only an opaque, signed, httpOnly id reaches the browser. */
export async function registerSessions(
  app: ServiceApp,
  options: { secret: string; secure: boolean; redis: Redis | undefined; keyPrefix: string },
): Promise<SessionControl> {
  const cookieOptions = { httpOnly: true, sameSite: "lax", secure: options.secure, path: "/" } as const;
  const { store, epochs } = options.redis
    ? await redisSessions(app, options.redis, options.keyPrefix)
    : memorySessions();

  // While Redis is away the web app's pages and files are served as to a visitor (they need no session),
  // so a signed-in browser still loads the app; only the API answers that sessions are unavailable.
  const { redis } = options;
  if (redis) {
    app.addHook("onRequest", async (request) => {
      if (!redisReachable(redis) && !request.url.startsWith("/api/")) delete request.headers.cookie;
    });
  }
  await app.register(cookie);
  await app.register(session, {
    secret: new RememberingSigner(new Signer(options.secret, "sha256")),
    cookieName: SESSION_COOKIE,
    saveUninitialized: false,
    // Saved when changed, or renewed below, rather than on every answer.
    rolling: false,
    cookie: { ...cookieOptions, maxAge: SESSION_LIFETIME_SECONDS * 1000 },
    store,
  });
  // Runs after the session is loaded. A changed session is saved as the answer is sent, its lifetime
  // starting over and its cookie sent again with the new expiry.
  app.addHook("onRequest", async (request) => {
    const { session } = request;
    if (!session.userId) return;
    const now = Date.now();
    if (now - (session.renewedAt ?? 0) >= RENEWAL_INTERVAL_MS) session.renewedAt = now;
  });

  const signOut = async (request: FastifyRequest, reply: FastifyReply) => {
    await request.session.destroy();
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    // Without this, the claim of a password-less account would sign the next person at this browser in.
    reply.clearCookie(CLAIM_COOKIE.name, { ...cookieOptions, path: CLAIM_COOKIE.path });
    reply.clearCookie(CLAIM_COOKIE.name, { ...cookieOptions, path: EARLIER_CLAIM_COOKIE_PATH });
  };

  return {
    available: () => options.redis === undefined || redisReachable(options.redis),
    async signIn(request, userId) {
      await request.session.regenerate();
      request.session.userId = userId;
      request.session.startedAt = Date.now();
      request.session.renewedAt = request.session.startedAt;
    },
    async endOtherSessions(request, userId) {
      const moment = Date.now();
      if (request.session.userId === userId) request.session.startedAt = moment;
      await epochs.endSessionsBefore(userId, moment);
    },
    signOut,
    async endAllSessions(request, reply, userId) {
      await epochs.endSessionsBefore(userId, Date.now());
      await signOut(request, reply);
    },
  };
}
