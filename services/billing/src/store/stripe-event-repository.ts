import type { Kysely } from "kysely";
import type { BillingDatabase } from "./database.ts";

export class StripeEventRepository {
  constructor(private readonly db: Kysely<BillingDatabase>) {}

  /**
   * Records a webhook event in this transaction. A second delivery running at the same time waits on
   * the first one's row and, once that commits, finds it already recorded: false.
   */
  async record(eventId: string, type: string, at: Date): Promise<boolean> {
    const recorded = await this.db
      .insertInto("stripe_events")
      .values({ event_id: eventId, type, received_at: at })
      .onConflict((conflict) => conflict.doNothing())
      .returning("event_id")
      .executeTakeFirst();
    return recorded !== undefined;
  }
}
