import { type EventHandler, handleOnce } from "@tubedigest/bus";
import type { BillingContext } from "../domain/billing-context.ts";
import { recordAccount, recordEmailChange } from "../domain/record-account.ts";
import { syncCardEmail } from "../domain/sync-card-email.ts";
import type { BillingDatabase } from "../store/database.ts";

/** A sign-up starts the account's trial, dated from when the account was made, not from delivery. */
export const recordNewAccount = (context: BillingContext) =>
  handleOnce<BillingDatabase, "user.registered">(context.db, async (event, { trx }) => {
    await recordAccount(context, trx, {
      userId: event.data.userId,
      email: event.data.email,
      registeredAt: new Date(event.occurredAt),
      correlationId: event.correlationId,
    });
  });

/**
 * A profile's new e-mail is the one a later visitor checkout names, and the one Stripe's customer gets
 * (after the change commits; Stripe failing is thrown, and the retry finds the change already recorded).
 */
export function recordChangedEmail(context: BillingContext): EventHandler<"user.updated"> {
  const record = handleOnce<BillingDatabase, "user.updated">(context.db, async (event, { trx }) => {
    await recordEmailChange(trx, { userId: event.data.userId, email: event.data.email });
  });
  return async (event, handlerContext) => {
    await record(event, handlerContext);
    await syncCardEmail(context, event.data.userId);
  };
}
