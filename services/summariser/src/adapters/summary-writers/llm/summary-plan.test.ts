import { describe, expect, it } from "vitest";
import { evenlySpaced, type PlanLimits, planSummary, reduceCost } from "./summary-plan.ts";
import type { TimedLine } from "./timed-lines.ts";

const LINES: TimedLine[] = Array.from({ length: 1_000 }, (_, i) => ({
  startSeconds: i * 10,
  text: `line ${i}`,
}));
const TOKENS = LINES.map(() => 100);

const limits = (budget: number): PlanLimits => ({
  budget,
  summary: { capacity: 5_000, cost: 1_000 },
  partNotes: { capacity: 6_000, cost: 600 },
  mergeNotes: { capacity: 6_000, cost: 600 },
  summaryFromNotes: { capacity: 5_000, cost: 1_000 },
  notesPerPart: 500,
});

const tokensOf = (lines: TimedLine[]) => lines.length * 100;

describe("planning a transcript's summary", () => {
  it("reads a transcript that fits in one call", () => {
    const plan = planSummary(LINES.slice(0, 40), TOKENS.slice(0, 40), limits(100_000));
    expect(plan).toEqual({ kind: "single", excerpts: [LINES.slice(0, 40)], sampled: false });
  });

  it("cuts a transcript over the context into parts that fit, covering all of it", () => {
    const plan = planSummary(LINES, TOKENS, limits(1_000_000));
    if (plan?.kind !== "mapReduce") throw new Error(`expected map-reduce, got ${plan?.kind}`);
    expect(plan.sampled).toBe(false);
    expect(plan.parts.flat()).toEqual(LINES);
    for (const part of plan.parts) expect(tokensOf(part)).toBeLessThanOrEqual(6_000);
  });

  it("samples parts spread from start to end when the budget cannot read everything", () => {
    const budget = 40_000;
    const plan = planSummary(LINES, TOKENS, limits(budget));
    if (plan?.kind !== "mapReduce") throw new Error(`expected map-reduce, got ${plan?.kind}`);
    expect(plan.sampled).toBe(true);
    expect(plan.parts[0]?.[0]).toEqual(LINES[0]);
    expect(plan.parts.at(-1)?.at(-1)).toEqual(LINES.at(-1));
    const cost =
      plan.parts.reduce((sum, part) => sum + tokensOf(part) + 600, 0) +
      reduceCost(plan.parts.length, limits(budget));
    expect(cost).toBeLessThanOrEqual(budget);
  });

  it("reads evenly spread excerpts in one call when the budget is below one context's worth", () => {
    const plan = planSummary(LINES, TOKENS, limits(4_000));
    if (plan?.kind !== "single") throw new Error(`expected one call, got ${plan?.kind}`);
    expect(plan.sampled).toBe(true);
    expect(plan.excerpts.length).toBeGreaterThanOrEqual(2);
    expect(plan.excerpts[0]?.[0]).toEqual(LINES[0]);
    expect(plan.excerpts.at(-1)?.at(-1)).toEqual(LINES.at(-1));
    expect(tokensOf(plan.excerpts.flat()) + 1_000).toBeLessThanOrEqual(4_000);
  });

  it("gives up when the budget cannot hold two excerpts", () => {
    expect(planSummary(LINES, TOKENS, limits(1_500))).toBeNull();
  });

  it("spreads runs that do not overlap, the first at the start and the last at the end", () => {
    const runs = evenlySpaced(LINES, TOKENS, 4, 1_000);
    expect(runs.map((run) => run.length)).toEqual([10, 10, 10, 10]);
    expect(runs.map((run) => run[0]?.startSeconds)).toEqual([0, 3300, 6600, 9900]);
  });
});
