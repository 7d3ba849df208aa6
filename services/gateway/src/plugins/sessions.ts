import cookie from "@fastify/cookie";
import session from "@fastify/session";
import type { ServiceApp } from "@tubedigest/http";
import type { Redis } from "ioredis";
import { RedisSessionStore } from "./redis-session-store.ts";

declare module "fastify" {
  interface Session {
    userId?: string;
  }
}

export const SESSION_COOKIE = "td_session";
const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

/** Server-side sessions: only an opaque, signed, httpOnly id reaches the browser. */
export async function registerSessions(
  app: ServiceApp,
  options: { secret: string; secure: boolean; redis: Redis | undefined; keyPrefix: string },
): Promise<void> {
  await app.register(cookie);
  await app.register(session, {
    secret: options.secret,
    cookieName: SESSION_COOKIE,
    saveUninitialized: false,
    cookie: {
      httpOnly: true,
      sameSite: "lax",
      secure: options.secure,
      path: "/",
      maxAge: SESSION_LIFETIME_SECONDS * 1000,
    },
    ...(options.redis
      ? {
          store: new RedisSessionStore(
            options.redis,
            `${options.keyPrefix}session:`,
            SESSION_LIFETIME_SECONDS,
          ),
        }
      : {}),
  });
}
