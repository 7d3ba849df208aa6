import type { Insertable, Kysely, Selectable } from "kysely";
import type { BillingDatabase, CheckoutsTable } from "./database.ts";

export type Checkout = Selectable<CheckoutsTable>;

export class CheckoutRepository {
  constructor(private readonly db: Kysely<BillingDatabase>) {}

  async insert(row: Insertable<CheckoutsTable>): Promise<void> {
    await this.db.insertInto("checkouts").values(row).execute();
  }

  async find(paymentIntentId: string): Promise<Checkout | undefined> {
    return this.db
      .selectFrom("checkouts")
      .selectAll()
      .where("payment_intent_id", "=", paymentIntentId)
      .executeTakeFirst();
  }

  /** The user's latest checkout still waiting for its payment, made since `since`. */
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

  async complete(paymentIntentId: string, at: Date): Promise<void> {
    await this.db
      .updateTable("checkouts")
      .set({ completed_at: at })
      .where("payment_intent_id", "=", paymentIntentId)
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
