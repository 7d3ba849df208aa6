import { canonicalEmail } from "@tubedigest/contracts";
import type { Transaction } from "kysely";
import { daysAfter, TRIAL_DAYS } from "../plans/plans.ts";
import { AccountRepository } from "../store/account-repository.ts";
import type { BillingDatabase } from "../store/database.ts";

/** A new account starts its 7-day trial, with no card, from the moment it was made. */
export async function recordAccount(
  trx: Transaction<BillingDatabase>,
  input: { userId: string; email: string; registeredAt: Date },
): Promise<void> {
  await new AccountRepository(trx).insertIfAbsent({
    userId: input.userId,
    email: canonicalEmail(input.email),
    createdAt: input.registeredAt,
    trialEndsAt: daysAfter(input.registeredAt, TRIAL_DAYS),
  });
}

/** A changed e-mail address is the one a later checkout finds the account by. */
export async function recordEmailChange(
  trx: Transaction<BillingDatabase>,
  input: { userId: string; email: string },
): Promise<void> {
  await new AccountRepository(trx).updateEmail(input.userId, canonicalEmail(input.email));
}
