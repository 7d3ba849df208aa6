import { addCounter, type ServiceApp } from "@tubedigest/http";
import type { QuotaMeter } from "../adapters/youtube/metered-youtube.ts";

/**
 * The YouTube quota on catalog's `/metrics`: the units each purpose booked or was refused, and the days
 * YouTube said the quota was spent. Counted where they are booked, so replicas' counts add up.
 */
export function measuredQuotaMeter(app: ServiceApp, meter: QuotaMeter): QuotaMeter {
  const units = addCounter(app, {
    name: "catalog_youtube_quota_units_total",
    help: "YouTube Data API units asked for, by purpose (search, lookup, uploads) and outcome (booked, refused)",
    labelNames: ["purpose", "outcome"],
  });
  const exhausted = addCounter(app, {
    name: "catalog_youtube_quota_exhausted_total",
    help: "Times YouTube answered that the day's quota is spent",
  });
  return {
    async spend(purpose, asked) {
      const booked = await meter.spend(purpose, asked);
      units.inc({ purpose, outcome: booked ? "booked" : "refused" }, asked);
      return booked;
    },
    async markExhausted() {
      await meter.markExhausted();
      exhausted.inc();
    },
  };
}
