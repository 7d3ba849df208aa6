import type { Kysely } from "kysely";
import type { CatalogDatabase } from "./database.ts";

/**
 * Catalog's read model of each user's plan, kept for the channel allowance. Billing's subscription
 * events will fill it; until they do, nothing but tests writes it and every user is on the trial.
 */
export class UserPlanRepository {
  constructor(private readonly db: Kysely<CatalogDatabase>) {}

  async planOf(userId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom("user_plans")
      .select("plan")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return row?.plan ?? null;
  }

  async setPlan(userId: string, plan: string): Promise<void> {
    await this.db
      .insertInto("user_plans")
      .values({ user_id: userId, plan })
      .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ plan, updated_at: new Date() }))
      .execute();
  }
}
