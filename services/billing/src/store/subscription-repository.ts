import type { Insertable, Kysely, Selectable } from "kysely";
import type { BillingDatabase, SubscriptionsTable } from "./database.ts";

export type Subscription = Selectable<SubscriptionsTable>;

export class SubscriptionRepository {
  constructor(private readonly db: Kysely<BillingDatabase>) {}

  async find(userId: string): Promise<Subscription | undefined> {
    return this.db.selectFrom("subscriptions").selectAll().where("user_id", "=", userId).executeTakeFirst();
  }

  async findByStripeId(subscriptionId: string): Promise<Subscription | undefined> {
    return this.db
      .selectFrom("subscriptions")
      .selectAll()
      .where("stripe_subscription_id", "=", subscriptionId)
      .executeTakeFirst();
  }

  /** The user's one subscription row, written whole: a new plan replaces the old one in place. */
  async save(row: Insertable<SubscriptionsTable>): Promise<void> {
    const { user_id: _userId, ...changes } = row;
    await this.db
      .insertInto("subscriptions")
      .values(row)
      .onConflict((conflict) => conflict.column("user_id").doUpdateSet(changes))
      .execute();
  }

  /** Test-mode subscriptions whose period (paid, or a trial's) is over, locked and skipped by other sweeping replicas. */
  async lockDueTestModePeriods(now: Date, limit: number): Promise<Subscription[]> {
    return this.db
      .selectFrom("subscriptions")
      .selectAll()
      .where("test_mode", "=", true)
      .where("status", "in", ["active", "trialing"])
      .where("current_period_end", "<=", now)
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  }
}
