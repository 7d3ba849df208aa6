import { handleOnce } from "@tubedigest/bus";
import type { BillingContext } from "../domain/billing-context.ts";
import { recordAccount, recordEmailChange } from "../domain/record-account.ts";
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

/** A profile's new e-mail is the one a later visitor checkout names. */
export const recordChangedEmail = (context: BillingContext) =>
  handleOnce<BillingDatabase, "user.updated">(context.db, async (event, { trx }) => {
    await recordEmailChange(trx, { userId: event.data.userId, email: event.data.email });
  });
