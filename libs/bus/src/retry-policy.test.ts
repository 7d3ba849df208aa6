import { describe, expect, it } from "vitest";
import { defaultRetryPolicy, retryDelayAfter } from "./retry-policy.ts";

describe("retry policy", () => {
  it("waits each delay in turn, and retries no more after the last", () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayAfter(defaultRetryPolicy, attempt))).toEqual([
      1_000,
      10_000,
      60_000,
      300_000,
      undefined,
    ]);
  });
});
