import { describe, expect, it } from "vitest";
import { composeJobId } from "./digest-jobs.ts";

describe("a compose job's id", () => {
  const row = { user_id: "6a1f0c2e-0000-4000-8000-000000000001", week_key: "2026-W48" };

  it("is the digest's user and week, the same from every replica and fan-out", () => {
    expect(composeJobId({ ...row, attempts: 0 })).toBe(
      "digest:6a1f0c2e-0000-4000-8000-000000000001:2026-W48",
    );
  });

  it("names the tries of a digest put back in the queue, so the queue takes its job again", () => {
    expect(composeJobId({ ...row, attempts: 1 })).toBe(
      "digest:6a1f0c2e-0000-4000-8000-000000000001:2026-W48:after-1",
    );
    expect(composeJobId({ ...row, attempts: 5 })).toBe(
      "digest:6a1f0c2e-0000-4000-8000-000000000001:2026-W48:after-5",
    );
  });
});
