import { describe, expect, it } from "vitest";
import { createMemoryJsonCache } from "./memory-json-cache.ts";

describe("memory cache", () => {
  it("answers a value until it expires, then nothing", async () => {
    let now = 1_000;
    const cache = createMemoryJsonCache(() => now);
    await cache.set("k", { a: 1 }, 10);
    expect(await cache.get("k")).toEqual({ a: 1 });
    now += 10_000;
    expect(await cache.get("k")).toBeUndefined();
  });

  it("hands out copies, as Redis would", async () => {
    const cache = createMemoryJsonCache();
    await cache.set("k", { list: [1] }, 10);
    const first = await cache.get<{ list: number[] }>("k");
    first?.list.push(2);
    expect(await cache.get("k")).toEqual({ list: [1] });
  });
});
