import type { Kysely } from "kysely";
import type { CatalogDatabase } from "./database.ts";

/** What billing last said a user may follow. */
export interface StoredPlanAccess {
  plan: string | null;
  channelAllowance: number;
}

/** Catalog's read model of each user's plan and channel allowance, filled from billing's events. */
export class UserPlanRepository {
  constructor(private readonly db: Kysely<CatalogDatabase>) {}

  /** Undefined while billing has said nothing about the user. */
  async accessOf(userId: string): Promise<StoredPlanAccess | undefined> {
    const row = await this.db
      .selectFrom("user_plans")
      .select(["plan", "channel_allowance"])
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return row && { plan: row.plan, channelAllowance: row.channel_allowance };
  }

  /**
   * Stores billing's word unless a later one is already stored: events arrive in any order, so the
   * comparison happens in the upsert itself, where two concurrent ones for a user are serialised on
   * the row. Answers whether it was stored.
   */
  async record(userId: string, access: StoredPlanAccess, changedAt: Date): Promise<boolean> {
    const values = { plan: access.plan, channel_allowance: access.channelAllowance, changed_at: changedAt };
    const stored = await this.db
      .insertInto("user_plans")
      .values({ user_id: userId, ...values })
      .onConflict((conflict) =>
        conflict
          .column("user_id")
          .doUpdateSet({ ...values, updated_at: new Date() })
          .where("user_plans.changed_at", "<=", changedAt),
      )
      .returning("user_id")
      .executeTakeFirst();
    return stored !== undefined;
  }
}
