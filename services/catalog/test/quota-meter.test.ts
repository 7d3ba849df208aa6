import { createServiceApp } from "@tubedigest/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQuotaMeter } from "../src/domain/quota-meter.ts";
import { measuredQuotaMeter } from "../src/metrics/quota-metrics.ts";
import { QuotaLedgerRepository } from "../src/store/quota-ledger-repository.ts";
import { type ContextUnderTest, startContext } from "./support/catalog-harness.ts";

describe("the quota meter on the Pacific-time day's ledger", () => {
  let harness: ContextUnderTest;
  beforeAll(async () => {
    harness = await startContext();
  });
  afterAll(() => harness.stop());

  // Each test books on a day of its own.
  const onDay = (day: string) => () => new Date(`${day}T20:00:00Z`);

  it("keeps searches to 80 % of a daily quota it is given, and everything to the quota", async () => {
    const meter = createQuotaMeter(harness.context.db, { dailyQuotaUnits: 300 }, onDay("2026-04-01"));
    expect(await meter.spend("search", 101)).toBe(true);
    expect(await meter.spend("search", 101)).toBe(true);
    expect(await meter.spend("search", 38)).toBe(true);
    // 241 is past the search budget of 240, though within the day's 300.
    expect(await meter.spend("search", 1)).toBe(false);
    expect(await meter.spend("uploads", 60)).toBe(true);
    expect(await meter.spend("lookup", 1)).toBe(false);
  });

  it("keeps searches to a search budget given apart, which never exceeds the daily quota", async () => {
    const budgeted = createQuotaMeter(
      harness.context.db,
      { dailyQuotaUnits: 1_000, searchBudgetUnits: 101 },
      onDay("2026-04-02"),
    );
    expect(await budgeted.spend("search", 101)).toBe(true);
    expect(await budgeted.spend("search", 1)).toBe(false);
    const capped = createQuotaMeter(
      harness.context.db,
      { dailyQuotaUnits: 150, searchBudgetUnits: 5_000 },
      onDay("2026-04-03"),
    );
    expect(await capped.spend("search", 101)).toBe(true);
    expect(await capped.spend("search", 101)).toBe(false);
  });

  it("uses YouTube's default quota of 10,000 units when given none", async () => {
    const meter = createQuotaMeter(harness.context.db, {}, onDay("2026-04-04"));
    expect(await meter.spend("uploads", 10_000)).toBe(true);
    expect(await meter.spend("uploads", 1)).toBe(false);
    const searches = createQuotaMeter(harness.context.db, {}, onDay("2026-04-05"));
    expect(await searches.spend("search", 8_000)).toBe(true);
    expect(await searches.spend("search", 1)).toBe(false);
  });

  it("counts on /metrics the units each purpose booked or was refused, and the days YouTube ran out", async () => {
    const app = createServiceApp({ name: "catalog", logLevel: "silent" });
    const meter = measuredQuotaMeter(
      app,
      createQuotaMeter(harness.context.db, { dailyQuotaUnits: 300 }, onDay("2026-04-07")),
    );
    expect(await meter.spend("search", 100)).toBe(true);
    expect(await meter.spend("search", 200)).toBe(false);
    expect(await meter.spend("uploads", 2)).toBe(true);
    await meter.markExhausted();
    const metrics = (await app.inject("/metrics")).body;
    await app.close();
    const units = (purpose: string, outcome: string) =>
      `catalog_youtube_quota_units_total{purpose="${purpose}",outcome="${outcome}",service="catalog"}`;
    expect(metrics).toContain(`${units("search", "booked")} 100\n`);
    expect(metrics).toContain(`${units("search", "refused")} 200\n`);
    expect(metrics).toContain(`${units("uploads", "booked")} 2\n`);
    expect(metrics).toContain('catalog_youtube_quota_exhausted_total{service="catalog"} 1\n');
  });

  it("marks the day spent when YouTube says so", async () => {
    const meter = createQuotaMeter(harness.context.db, { dailyQuotaUnits: 300 }, onDay("2026-04-06"));
    await meter.markExhausted();
    expect(await meter.spend("lookup", 1)).toBe(false);
    const day = await new QuotaLedgerRepository(harness.context.db).find("2026-04-06");
    expect(day?.exhausted_at).toBeInstanceOf(Date);
  });
});
