import { canonicalEmail } from "@tubedigest/contracts/canonical-email";
import { HttpError } from "@tubedigest/http/http-error";
import type { Account } from "../store/account-repository.ts";
import { awaitAccount } from "./await-account.ts";
import type { BillingContext } from "./billing-context.ts";
import { messages } from "./messages.ts";

/** Who asks for a checkout, as the gateway vouched for them, and the e-mail the checkout page sent. */
export interface Who {
  /** The signed-in user, when there is one. */
  userId: string | undefined;
  /** A visitor's password-less account, when their browser holds its live claim from the landing page. */
  claimHolder: string | undefined;
  /** The e-mail a visitor's checkout names. */
  email: string | undefined;
}

/**
 * The account a checkout acts on and how far its asker may act: its signed-in owner may do anything,
 * a claim holder only start the first subscription.
 */
export interface AccountHolder {
  account: Account;
  standing: "owner" | "claim-holder";
}

/**
 * Whose checkout this is: the signed-in user's, or — for the landing page's visitor, whose browser holds
 * the live claim on the password-less account it made — that account, when the e-mail the page kept is
 * its address. An e-mail alone names nobody: a stranger who knows a subscriber's address, or a visitor
 * naming an address other than their own, is answered exactly as for an address no account has, so the
 * answer says nothing about who has an account.
 */
export async function findAccount(context: BillingContext, who: Who): Promise<AccountHolder> {
  if (who.userId !== undefined)
    return { account: await awaitAccount(context, who.userId), standing: "owner" };
  if (who.claimHolder === undefined) {
    if (who.email === undefined) throw new HttpError(400, messages.missingEmail);
    throw new HttpError(404, messages.checkoutNotYours);
  }
  const account = await awaitAccount(context, who.claimHolder);
  if (who.email !== undefined && canonicalEmail(who.email) !== account.email) {
    throw new HttpError(404, messages.checkoutNotYours);
  }
  return { account, standing: "claim-holder" };
}
