import { createServiceApp } from "@tubedigest/http";
import { afterEach, describe, expect, it } from "vitest";
import { prometheusMetrics } from "./prometheus-metrics.ts";

describe("the summariser's model metrics", () => {
  const apps: ReturnType<typeof createServiceApp>[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  async function scrapeAfter(price: { input: number; output: number } | undefined) {
    const app = createServiceApp({ name: "summariser", logLevel: "silent" });
    apps.push(app);
    const metrics = prometheusMetrics(app, price);
    metrics.summaryWritten({ calls: 2, promptTokens: 1_000_000, completionTokens: 100_000 });
    metrics.glanceWritten({ calls: 1, promptTokens: 2_000, completionTokens: 500 });
    return (await app.inject("/metrics")).body;
  }

  it("count calls, tokens and the cost at the model's price, by purpose", async () => {
    const body = await scrapeAfter({ input: 0.15, output: 0.6 });
    expect(body).toContain('summariser_llm_calls_total{purpose="summary",service="summariser"} 2\n');
    expect(body).toContain('summariser_llm_calls_total{purpose="glance",service="summariser"} 1\n');
    expect(body).toContain(
      'summariser_llm_tokens_total{purpose="glance",kind="completion",service="summariser"} 500\n',
    );
    // 1M prompt tokens at $0.15 and 100k completion tokens at $0.60 a million.
    expect(body).toContain('summariser_llm_cost_usd_total{purpose="summary",service="summariser"} 0.21\n');
    expect(body).toContain('summariser_llm_cost_usd_total{purpose="glance",service="summariser"} 0.0006\n');
  });

  it("count no cost for a model without a known price", async () => {
    const body = await scrapeAfter(undefined);
    expect(body).toContain('summariser_llm_calls_total{purpose="summary",service="summariser"} 2\n');
    expect(body).not.toMatch(/summariser_llm_cost_usd_total\{/);
  });
});
