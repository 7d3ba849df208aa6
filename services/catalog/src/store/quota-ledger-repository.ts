import { type Kysely, type Selectable, sql } from "kysely";
import type { QuotaPurpose } from "../adapters/youtube/youtube-catalog.ts";
import type { CatalogDatabase, QuotaLedgerTable } from "./database.ts";

export type QuotaDay = Selectable<QuotaLedgerTable>;

const COLUMN = { search: "search_units", lookup: "lookup_units", uploads: "upload_units" } as const;

/** The quota ledger aggregate: units spent per quota day, shared by every catalog instance. */
export class QuotaLedgerRepository {
  constructor(private readonly db: Kysely<CatalogDatabase>) {}

  /**
   * Books `units` against the day if they fit both the daily quota and, for searches, the search budget.
   * One conditional UPDATE, so two instances racing for the last units cannot both get them.
   */
  async spend(
    day: string,
    purpose: QuotaPurpose,
    units: number,
    limits: { daily: number; search: number },
  ): Promise<boolean> {
    await this.db
      .insertInto("quota_ledger")
      .values({ day, exhausted_at: null })
      .onConflict((conflict) => conflict.column("day").doNothing())
      .execute();
    const column = COLUMN[purpose];
    const booked = await this.db
      .updateTable("quota_ledger")
      .set((eb) => ({ [column]: eb(column, "+", units) }))
      .where("day", "=", day)
      .where("exhausted_at", "is", null)
      .where(sql<number>`search_units + lookup_units + upload_units + ${units}`, "<=", limits.daily)
      .$if(purpose === "search", (query) =>
        query.where(sql<number>`search_units + ${units}`, "<=", limits.search),
      )
      .returning("day")
      .executeTakeFirst();
    return booked !== undefined;
  }

  /** YouTube said the quota is spent, whatever our count says (another client may share the key). */
  async markExhausted(day: string): Promise<void> {
    await this.db
      .insertInto("quota_ledger")
      .values({ day, exhausted_at: new Date() })
      .onConflict((conflict) =>
        conflict.column("day").doUpdateSet({ exhausted_at: sql`coalesce(quota_ledger.exhausted_at, now())` }),
      )
      .execute();
  }

  find(day: string): Promise<QuotaDay | undefined> {
    return this.db.selectFrom("quota_ledger").selectAll().where("day", "=", day).executeTakeFirst();
  }
}
