import type { Kysely } from "kysely";
import type { QuotaMeter } from "../adapters/youtube/metered-youtube.ts";
import type { CatalogDatabase } from "../store/database.ts";
import { QuotaLedgerRepository } from "../store/quota-ledger-repository.ts";
import { quotaDayOf } from "./quota-day.ts";

/** YouTube's default quota for a project. */
const DEFAULT_DAILY_QUOTA_UNITS = 10_000;
/** Default share of the daily quota searches may spend, leaving the rest for follows and upload checks. */
const DEFAULT_SEARCH_SHARE = 0.8;

/** The ledger in catalog's schema, as the metered YouTube client uses it. */
export function createQuotaMeter(
  db: Kysely<CatalogDatabase>,
  limits: { dailyQuotaUnits?: number | undefined; searchBudgetUnits?: number | undefined },
  now: () => Date,
): QuotaMeter {
  const ledger = new QuotaLedgerRepository(db);
  const daily = limits.dailyQuotaUnits ?? DEFAULT_DAILY_QUOTA_UNITS;
  const search = Math.min(daily, limits.searchBudgetUnits ?? Math.floor(daily * DEFAULT_SEARCH_SHARE));
  return {
    spend: (purpose, units) => ledger.spend(quotaDayOf(now()), purpose, units, { daily, search }),
    markExhausted: () => ledger.markExhausted(quotaDayOf(now())),
  };
}
