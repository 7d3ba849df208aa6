import { HttpError } from "@tubedigest/http/http-error";
import { AccountRepository } from "../store/account-repository.ts";
import type { BillingContext } from "./billing-context.ts";
import { messages } from "./messages.ts";
import { askStripe, requireCards } from "./require-cards.ts";

/** A Stripe customer-portal address where a subscriber changes their card or sees their invoices. */
export async function openBillingPortal(context: BillingContext, userId: string): Promise<string> {
  const cards = requireCards(context);
  const account = await new AccountRepository(context.db).find(userId);
  const customerId = account?.stripe_customer_id;
  if (!customerId) throw new HttpError(404, messages.noBillingAccount);
  return askStripe(context, "open billing portal", () =>
    cards.portalUrl(customerId, context.portalReturnUrl),
  );
}
