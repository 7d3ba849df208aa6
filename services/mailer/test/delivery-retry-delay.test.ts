import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_DELAYS_MS, retryDelay } from "../src/domain/retry-delay.ts";

describe("the wait before a refused message's next attempt", () => {
  const middle = () => 0.5;

  it("follows the schedule, then repeats its last step", () => {
    const waits = [1, 2, 3, 4, 5, 6, 7].map((attempts) =>
      retryDelay(DEFAULT_RETRY_DELAYS_MS, attempts, middle),
    );
    expect(waits).toEqual([30_000, 120_000, 600_000, 3_600_000, 21_600_000, 21_600_000, 21_600_000]);
  });

  it("spreads each wait by up to a fifth either way", () => {
    expect(retryDelay([10_000], 1, () => 0)).toBe(8_000);
    expect(retryDelay([10_000], 1, () => 0.999_999)).toBe(12_000);
    // Whole milliseconds: 10 000 × 0.849 36.
    expect(retryDelay([10_000], 1, () => 0.1234)).toBe(8_494);
  });

  it("waits the first step before a message that has not been refused yet, and nothing without a schedule", () => {
    expect(retryDelay(DEFAULT_RETRY_DELAYS_MS, 0, middle)).toBe(30_000);
    expect(retryDelay(DEFAULT_RETRY_DELAYS_MS, -3, middle)).toBe(30_000);
    expect(retryDelay([], 3, middle)).toBe(0);
  });
});
