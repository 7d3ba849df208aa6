import { describe, expect, it } from "vitest";
import { waitForRow } from "./wait-for-row.ts";

describe("waitForRow", () => {
  it("answers the first read that finds something, reading again meanwhile", async () => {
    let reads = 0;
    const found = await waitForRow(async () => (++reads === 3 ? "row" : undefined), {
      timeoutMs: 1_000,
      intervalMs: 5,
    });
    expect(found).toBe("row");
    expect(reads).toBe(3);
  });

  it("gives up after its time, having read at least once more at the end", async () => {
    let reads = 0;
    const started = Date.now();
    const found = await waitForRow(
      async () => {
        reads += 1;
        return undefined;
      },
      { timeoutMs: 50, intervalMs: 10 },
    );
    expect(found).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    expect(reads).toBeGreaterThan(1);
  });

  it("reads once, and waits for nothing, with no time to wait", async () => {
    let reads = 0;
    const read = async () => {
      reads += 1;
      return undefined;
    };
    expect(await waitForRow(read, { timeoutMs: 0, intervalMs: 1_000 })).toBeUndefined();
    expect(reads).toBe(1);
  });

  it("refuses options without a time-out or an interval instead of reading forever", async () => {
    const read = async () => undefined;
    for (const options of [
      {},
      { timeoutMs: 100 },
      { intervalMs: 5 },
      { timeoutMs: Number.NaN, intervalMs: 5 },
    ]) {
      await expect(waitForRow(read, options as never)).rejects.toThrow(RangeError);
    }
  });
});
