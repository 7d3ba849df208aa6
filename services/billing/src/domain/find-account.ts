import { canonicalEmail } from "@tubedigest/contracts";
import { HttpError } from "@tubedigest/http";
import { type Account, AccountRepository } from "../store/account-repository.ts";
import type { BillingContext } from "./billing-context.ts";
import { messages } from "./messages.ts";

/**
 * Whose checkout this is: the signed-in user's, or — for a visitor who came from the landing page,
 * which made a password-less account — the account with the e-mail the page kept.
 */
export interface Who {
  /** The signed-in user, when there is one. */
  userId: string | undefined;
  /** The e-mail a visitor's checkout names. */
  email: string | undefined;
}

export async function findAccount(context: BillingContext, who: Who): Promise<Account> {
  const accounts = new AccountRepository(context.db);
  if (who.userId !== undefined) {
    const account = await accounts.find(who.userId);
    // Billing learns of an account from auth's event, a moment after it is made.
    if (!account)
      throw new HttpError(409, "Your account is still being set up. Please try again in a moment.");
    return account;
  }
  if (who.email === undefined) throw new HttpError(400, messages.missingEmail);
  const account = await accounts.findByEmail(canonicalEmail(who.email));
  if (!account) throw new HttpError(404, messages.noAccountForEmail);
  return account;
}
