import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { backoffDelay, settleWithin, sleep } from "./sleep.ts";

const elapsed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

describe("sleep", () => {
  it("waits the time asked", async () => {
    expect(await elapsed(() => sleep(60))).toBeGreaterThanOrEqual(55);
  });

  it("ends at once when its signal aborts", async () => {
    const stop = new AbortController();
    const asleep = sleep(10_000, stop.signal);
    setTimeout(() => stop.abort(), 20);
    expect(await elapsed(() => asleep)).toBeLessThan(1_000);
  });

  it("leaves no listener on its signal once it has ended, by its timer or by the signal", async () => {
    const stop = new AbortController();
    await sleep(5, stop.signal);
    expect(getEventListeners(stop.signal, "abort")).toEqual([]);
    const asleep = sleep(10_000, stop.signal);
    expect(getEventListeners(stop.signal, "abort")).toHaveLength(1);
    stop.abort();
    await asleep;
    expect(getEventListeners(stop.signal, "abort")).toEqual([]);
  });

  it("does not wait at all on a signal already aborted", async () => {
    expect(await elapsed(() => sleep(10_000, AbortSignal.abort()))).toBeLessThan(1_000);
  });
});

describe("backoffDelay", () => {
  it.each([
    [0, 100],
    [1, 100],
    [2, 200],
    [3, 400],
    [5, 1_600],
    [6, 2_000],
    [40, 2_000],
  ])("after %i failures waits %i ms (base 100, cap 2000)", (failures, delay) => {
    expect(backoffDelay(failures, 100, 2_000)).toBe(delay);
  });
});

describe("settleWithin", () => {
  it("returns once the work settles, failed or not", async () => {
    const work = [sleep(30), Promise.reject(new Error("failed")), Promise.resolve(1)];
    expect(await elapsed(() => settleWithin(work, 10_000))).toBeLessThan(1_000);
  });

  it("returns after the time given when the work does not settle", async () => {
    const never = new Promise(() => {});
    const waited = await elapsed(() => settleWithin([never], 50));
    expect(waited).toBeGreaterThanOrEqual(45);
    expect(waited).toBeLessThan(1_000);
  });
});
