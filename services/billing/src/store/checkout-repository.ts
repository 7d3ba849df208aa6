import type { Insertable, Kysely, Selectable } from "kysely";
import type { BillingDatabase, CheckoutsTable } from "./database.ts";

export type Checkout = Selectable<CheckoutsTable>;

export class CheckoutRepository {
  constructor(private readonly db: Kysely<BillingDatabase>) {}

  /**
   * Records a checkout once: a second request that the provider answered with the same payment or setup
   * intent (its idempotency key) finds it recorded and changes nothing.
   */
  async insertIfAbsent(row: Insertable<CheckoutsTable>): Promise<void> {
    await this.db
      .insertInto("checkouts")
      .values(row)
      .onConflict((conflict) => conflict.column("intent_id").doNothing())
      .execute();
  }

  /** The user's latest checkout in any state: what a new one follows, and so names its key. */
  async latest(userId: string): Promise<Checkout | undefined> {
    return this.db
      .selectFrom("checkouts")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("intent_id", "desc")
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Closes the user's other first-subscription checkouts still waiting for their confirmation, which
   * `kept` replaces; answers their subscriptions, for the provider to drop.
   */
  async supersedeOpenFirstCheckouts(userId: string, kept: string, at: Date): Promise<string[]> {
    const closed = await this.db
      .updateTable("checkouts")
      .set({ completed_at: at })
      .where("user_id", "=", userId)
      .where("kind", "in", ["new", "trial"])
      .where("completed_at", "is", null)
      .where("intent_id", "!=", kept)
      .returning("stripe_subscription_id")
      .execute();
    return closed.map((row) => row.stripe_subscription_id);
  }

  async find(intentId: string): Promise<Checkout | undefined> {
    return this.db.selectFrom("checkouts").selectAll().where("intent_id", "=", intentId).executeTakeFirst();
  }

  /** The user's latest checkout still waiting for its confirmation, made since `since`. */
  async latestOpen(userId: string, since: Date): Promise<Checkout | undefined> {
    return this.db
      .selectFrom("checkouts")
      .selectAll()
      .where("user_id", "=", userId)
      .where("completed_at", "is", null)
      .where("created_at", ">=", since)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst();
  }

  async complete(intentId: string, at: Date): Promise<void> {
    await this.db
      .updateTable("checkouts")
      .set({ completed_at: at })
      .where("intent_id", "=", intentId)
      .where("completed_at", "is", null)
      .execute();
  }

  async findBySubscription(subscriptionId: string): Promise<Checkout | undefined> {
    return this.db
      .selectFrom("checkouts")
      .selectAll()
      .where("stripe_subscription_id", "=", subscriptionId)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst();
  }
}
