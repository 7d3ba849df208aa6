import type { SingleSummary } from "@tubedigest/contracts/single-summary";
import { describe, expect, it } from "vitest";
import { anyInFlight, boughtSummaryOf, chargeText, formatLength } from "./single-summary.ts";

const item = (overrides: Partial<SingleSummary>): SingleSummary => ({
  id: "1",
  videoId: "dQw4w9WgXcQ",
  title: "A video",
  url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  durationSeconds: 600,
  amountCents: 199,
  testMode: false,
  status: "ready",
  charge: "charged",
  orderedAt: "2026-11-27T12:00:00.000Z",
  completedAt: null,
  summary: null,
  ...overrides,
});

describe("a single summary as the dashboard words it", () => {
  it.each([
    [45, "45 s"],
    [14 * 60 + 32, "14 min"],
    [59 * 60 + 59, "59 min"],
    [60 * 60, "1 h"],
    [63 * 60 + 40, "1 h 3 min"],
    [4 * 60 * 60, "4 h"],
  ])("gives %i seconds as %s", (seconds, text) => {
    expect(formatLength(seconds)).toBe(text);
  });

  it("says what happened to the price: held, charged, released; a test charge takes no money", () => {
    expect(chargeText(item({ charge: "held" }))).toBe("$1.99 on hold, charged only when ready");
    expect(chargeText(item({ charge: "charged" }))).toBe("Charged $1.99");
    expect(chargeText(item({ charge: "charged", testMode: true }))).toBe("$1.99 test charge: no money taken");
    expect(chargeText(item({ charge: "not-charged", amountCents: 399 }))).toBe(
      "Not charged: the $3.99 hold was released",
    );
    expect(chargeText(item({ charge: "not-charged", amountCents: null }))).toBe("Not charged");
  });

  it("refreshes only while something is queued or being summarised", () => {
    expect(anyInFlight(undefined)).toBe(false);
    expect(anyInFlight([item({ status: "ready" }), item({ status: "failed" })])).toBe(false);
    expect(anyInFlight([item({ status: "ready" }), item({ status: "queued" })])).toBe(true);
    expect(anyInFlight([item({ status: "summarising" })])).toBe(true);
  });

  it("finds the summary a reader has of a video, under way or ready, never one that failed", () => {
    const failed = item({ id: "failed", status: "failed" });
    expect(boughtSummaryOf(undefined, "dQw4w9WgXcQ")).toBeUndefined();
    expect(boughtSummaryOf([failed], "dQw4w9WgXcQ")).toBeUndefined();
    expect(boughtSummaryOf([failed, item({ id: "ready" })], "dQw4w9WgXcQ")?.id).toBe("ready");
    expect(boughtSummaryOf([item({ status: "queued" })], "dQw4w9WgXcQ")?.status).toBe("queued");
    expect(boughtSummaryOf([item({})], "otherVideo1")).toBeUndefined();
  });
});
