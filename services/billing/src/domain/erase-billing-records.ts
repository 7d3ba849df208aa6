import { forgetAccount } from "@tubedigest/bus";
import { sql, type Transaction } from "kysely";
import type { BillingDatabase } from "../store/database.ts";

/**
 * A deleted account's billing records go, in the erasure's transaction: the account with its address and
 * Stripe customer, its subscription, checkouts and holds. Money actually taken by card is kept first in
 * `retained_payments`, anonymous (kind, amount, date and Stripe's payment id, nothing that names the
 * person), so the books still match Stripe's payouts; test-mode plans took no money and leave nothing.
 */
export async function eraseBillingRecords(trx: Transaction<BillingDatabase>, userId: string): Promise<void> {
  await trx
    .insertInto("retained_payments")
    .columns(["kind", "stripe_payment_intent_id", "amount_cents", "paid_at"])
    .expression((eb) =>
      eb
        .selectFrom("checkouts")
        .select([
          sql.lit("subscription").as("kind"),
          "intent_id",
          "amount_cents",
          (checkout) => checkout.fn.coalesce("completed_at", "created_at").as("paid_at"),
        ])
        .where("user_id", "=", userId)
        .where("completed_at", "is not", null)
        // A trial's checkout saved a card and took nothing.
        .where("kind", "!=", "trial"),
    )
    .onConflict((conflict) => conflict.column("stripe_payment_intent_id").doNothing())
    .execute();
  await trx
    .insertInto("retained_payments")
    .columns(["kind", "stripe_payment_intent_id", "amount_cents", "paid_at"])
    .expression((eb) =>
      eb
        .selectFrom("holds")
        .select([
          sql.lit("single-video").as("kind"),
          (hold) => hold.fn.coalesce("payment_intent_id", sql.lit("")).as("payment_intent_id"),
          "amount_cents",
          (hold) => hold.fn.coalesce("settled_at", "created_at").as("paid_at"),
        ])
        .where("user_id", "=", userId)
        .where("status", "=", "captured")
        .where("test_mode", "=", false)
        .where("payment_intent_id", "is not", null),
    )
    .onConflict((conflict) => conflict.column("stripe_payment_intent_id").doNothing())
    .execute();
  for (const table of ["holds", "checkouts", "subscriptions", "accounts"] as const) {
    await trx.deleteFrom(table).where("user_id", "=", userId).execute();
  }
  await forgetAccount(trx, userId);
}
