import { type EventHandler, handleOnce } from "@tubedigest/bus";
import type { BillingContext } from "../domain/billing-context.ts";
import { closeCardAccount } from "../domain/close-card-account.ts";
import { eraseBillingRecords } from "../domain/erase-billing-records.ts";
import type { BillingDatabase } from "../store/database.ts";

/**
 * A deleted account: Stripe first (the card subscription cancelled, the customer deleted), outside any
 * transaction, then the records erased once through the inbox. Stripe failing is thrown, and the bus
 * tries the whole again; on a redelivery after the erasure there is nothing left to ask Stripe about.
 */
export function eraseAccount(context: BillingContext): EventHandler<"user.deleted"> {
  const erase = handleOnce<BillingDatabase, "user.deleted">(context.db, async (event, { trx }) => {
    await eraseBillingRecords(trx, event.data.userId);
  });
  return async (event, handlerContext) => {
    await closeCardAccount(context, event.data.userId);
    await erase(event, handlerContext);
  };
}
