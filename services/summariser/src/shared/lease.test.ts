import { afterEach, describe, expect, it, vi } from "vitest";
import { leaseEnd, renewWhileWorking } from "./lease.ts";
import type { SummariserContext } from "./summariser-context.ts";

const LEASE_MS = 30_000;

/** The parts of the context a lease reads: the clock, the lease's length and the log. */
function leaseContext() {
  const warnings: { details: object; message: string }[] = [];
  const context = {
    now: () => new Date(Date.now()),
    leases: { owner: "replica-1", leaseMs: LEASE_MS, pollMs: 10 },
    log: {
      info() {},
      warn: (details: object, message: string) => warnings.push({ details, message }),
      error() {},
    },
  } as unknown as SummariserContext;
  return { context, warnings };
}

describe("a lease", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("ends a lease's length from now", () => {
    vi.useFakeTimers({ now: new Date("2026-11-23T09:00:00Z") });
    expect(leaseEnd(leaseContext().context)).toEqual(new Date("2026-11-23T09:00:30Z"));
  });

  it("is renewed every third of the lease until stopped, each time to a lease's length from then", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-23T09:00:00Z") });
    const { context } = leaseContext();
    const renewals: Date[] = [];
    const stop = renewWhileWorking(
      context,
      async (leaseUntil) => {
        renewals.push(leaseUntil);
      },
      { videoId: "x" },
    );
    await vi.advanceTimersByTimeAsync(LEASE_MS / 3 - 1);
    expect(renewals).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(renewals).toEqual([new Date("2026-11-23T09:00:40Z")]);
    await vi.advanceTimersByTimeAsync(LEASE_MS / 3);
    expect(renewals).toEqual([new Date("2026-11-23T09:00:40Z"), new Date("2026-11-23T09:00:50Z")]);
    stop();
    await vi.advanceTimersByTimeAsync(LEASE_MS);
    expect(renewals).toHaveLength(2);
  });

  it("logs a renewal that failed and goes on renewing", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-23T09:00:00Z") });
    const { context, warnings } = leaseContext();
    let calls = 0;
    const failure = new Error("the database did not answer");
    const stop = renewWhileWorking(
      context,
      async () => {
        calls += 1;
        if (calls === 1) throw failure;
      },
      { videoId: "x" },
    );
    await vi.advanceTimersByTimeAsync(LEASE_MS / 3);
    expect(warnings).toEqual([
      { details: { err: failure, videoId: "x" }, message: "could not renew a lease" },
    ]);
    await vi.advanceTimersByTimeAsync(LEASE_MS / 3);
    expect(calls).toBe(2);
    expect(warnings).toHaveLength(1);
    stop();
  });
});
