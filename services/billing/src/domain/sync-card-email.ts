import { AccountRepository } from "../store/account-repository.ts";
import type { BillingContext } from "./billing-context.ts";

/**
 * Stripe's customer gets the account's address as billing now keeps it, so its receipts and invoices
 * follow a change of address. Asked after the change is committed and safe to repeat: a retried event
 * sends the same address again, and events arriving out of order still end on the stored one.
 */
export async function syncCardEmail(context: BillingContext, userId: string): Promise<void> {
  const account = await new AccountRepository(context.db).find(userId);
  if (!account?.stripe_customer_id || !context.cards) return;
  await context.cards.updateCustomerEmail(account.stripe_customer_id, account.email);
}
