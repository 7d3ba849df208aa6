import type { Session } from "fastify";
import { describe, expect, it } from "vitest";
import { MemorySessionStore } from "./memory-session-store.ts";

const session = (fields: Partial<Session>) => fields as Session;
const read = (store: MemorySessionStore, id: string) =>
  new Promise<Session | null | undefined>((resolve) => store.get(id, (_error, value) => resolve(value)));

describe("embedded session store", () => {
  it("holds at most its bound, dropping the least recently used first", async () => {
    const store = new MemorySessionStore({ maxSessions: 3, ttlSeconds: 3600 });
    for (const id of ["a", "b", "c"]) store.set(id, session({ userId: id }), () => {});
    await read(store, "a");
    for (const id of ["d", "e"]) store.set(id, session({ userId: id }), () => {});
    expect(store.size).toBe(3);
    expect(await read(store, "a")).toEqual({ userId: "a" });
    expect(await read(store, "b")).toBeNull();
    expect(await read(store, "c")).toBeNull();
  });

  it("forgets a session once its lifetime has passed", async () => {
    const store = new MemorySessionStore({ maxSessions: 10, ttlSeconds: 0.05 });
    store.set("a", session({ userId: "u" }), () => {});
    expect(await read(store, "a")).toEqual({ userId: "u" });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await read(store, "a")).toBeNull();
    expect(store.size).toBe(0);
  });

  it("removes only the user's sessions that started before the moment given", async () => {
    const store = new MemorySessionStore({ maxSessions: 10, ttlSeconds: 3600 });
    store.set("old", session({ userId: "u", startedAt: 100 }), () => {});
    store.set("new", session({ userId: "u", startedAt: 200 }), () => {});
    store.set("other", session({ userId: "v", startedAt: 100 }), () => {});
    store.removeSessionsOf("u", 200);
    expect(await read(store, "old")).toBeNull();
    expect(await read(store, "new")).toEqual({ userId: "u", startedAt: 200 });
    expect(await read(store, "other")).toEqual({ userId: "v", startedAt: 100 });
  });
});
