import { setTimeout as sleep } from "node:timers/promises";
import { HttpError } from "@tubedigest/http";
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
  const deadline = Date.now() + context.newAccountWaitMs;
  for (;;) {
    const account = await accounts.find(userId);
    if (account) return account;
    if (Date.now() >= deadline) throw new HttpError(503, messages.accountBeingSetUp);
    await sleep(POLL_MS);
  }
}
