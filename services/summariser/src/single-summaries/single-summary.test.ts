import { describe, expect, it } from "vitest";
import type { ListedSingleSummary } from "../store/single-summary-repository.ts";
import { singleSummaryOf } from "./single-summary.ts";

const created = new Date("2026-11-20T10:00:00Z");
const confirmed = new Date("2026-11-20T10:03:00Z");
const completed = new Date("2026-11-20T10:09:00Z");

function order(overrides: Partial<ListedSingleSummary>): ListedSingleSummary {
  return {
    id: "8c1d7e3a-0000-4000-8000-000000000001",
    user_id: "8c1d7e3a-0000-4000-8000-000000000002",
    video_id: "shortvideo1",
    hold_id: "hold-1",
    status: "requested",
    failure_reason: null,
    created_at: created,
    completed_at: null,
    duration_seconds: 2_400,
    amount_cents: 199,
    quote_expires_at: new Date("2026-11-20T10:15:00Z"),
    confirmed_at: confirmed,
    test_mode: true,
    started_at: null,
    summary_markdown: null,
    title: "Forty minutes",
    ...overrides,
  };
}

describe("a purchase as the dashboard shows it", () => {
  it("is queued with its charge held until the worker starts, then being summarised", () => {
    expect(singleSummaryOf(order({}))).toEqual({
      id: "8c1d7e3a-0000-4000-8000-000000000001",
      videoId: "shortvideo1",
      title: "Forty minutes",
      url: "https://www.youtube.com/watch?v=shortvideo1",
      durationSeconds: 2_400,
      amountCents: 199,
      testMode: true,
      status: "queued",
      charge: "held",
      orderedAt: confirmed.toISOString(),
      completedAt: null,
      summary: null,
    });
    expect(singleSummaryOf(order({ started_at: confirmed }))).toMatchObject({
      status: "summarising",
      charge: "held",
    });
    expect(singleSummaryOf(order({ status: "placing" }))).toMatchObject({ status: "queued", charge: "held" });
  });

  it("is ready and charged with its summary once delivered, or failed and not charged without one", () => {
    expect(
      singleSummaryOf(
        order({
          status: "delivered",
          started_at: confirmed,
          completed_at: completed,
          summary_markdown: "- **A**",
        }),
      ),
    ).toMatchObject({
      status: "ready",
      charge: "charged",
      completedAt: completed.toISOString(),
      summary: "- **A**",
    });
    expect(
      singleSummaryOf(
        order({
          status: "failed",
          started_at: confirmed,
          completed_at: completed,
          summary_markdown: "- **A**",
        }),
      ),
    ).toMatchObject({
      status: "failed",
      charge: "not-charged",
      completedAt: completed.toISOString(),
      summary: null,
    });
  });

  it("of a purchase from before prices were shown: named by its video, ordered when made, not a test", () => {
    expect(
      singleSummaryOf(
        order({
          title: null,
          confirmed_at: null,
          test_mode: null,
          amount_cents: null,
          duration_seconds: null,
        }),
      ),
    ).toMatchObject({
      title: "shortvideo1",
      orderedAt: created.toISOString(),
      testMode: false,
      amountCents: null,
      durationSeconds: null,
    });
  });
});
