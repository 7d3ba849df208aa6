import { waitForRow } from "@tubedigest/db";
import { HttpError } from "@tubedigest/http/http-error";
import { type Account, AccountRepository } from "../store/account-repository.ts";
import type { BillingContext } from "./billing-context.ts";
import { messages } from "./messages.ts";

const POLL_MS = 100;

/**
 * The account of a user auth vouches for. Billing learns of an account from auth's `user.registered`,
 * a moment after it is made, and a busy machine can make that moment seconds: a request in between
 * waits for the event rather than refusing someone who signed up just now, and only when it still has
 * not come answers a 503 that says to try again. Polled, so the event may land on any replica.
 */
export async function awaitAccount(context: BillingContext, userId: string): Promise<Account> {
  const accounts = new AccountRepository(context.db);
  const account = await waitForRow(() => accounts.find(userId), {
    timeoutMs: context.newAccountWaitMs,
    intervalMs: POLL_MS,
  });
  if (!account) throw new HttpError(503, messages.accountBeingSetUp);
  return account;
}
