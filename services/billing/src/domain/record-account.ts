import { canonicalEmail, createEvent } from "@tubedigest/contracts";
import type { Transaction } from "kysely";
import { daysAfter, TRIAL_DAYS } from "../plans/plans.ts";
import { AccountRepository } from "../store/account-repository.ts";
import type { BillingDatabase } from "../store/database.ts";
import type { BillingContext } from "./billing-context.ts";

/** A new account starts its 7-day trial, with no card, from the moment it was made, and says so. */
export async function recordAccount(
  context: Pick<BillingContext, "recordEvent">,
  trx: Transaction<BillingDatabase>,
  input: { userId: string; email: string; registeredAt: Date; correlationId: string },
): Promise<void> {
  const trialEndsAt = daysAfter(input.registeredAt, TRIAL_DAYS);
  const inserted = await new AccountRepository(trx).insertIfAbsent({
    userId: input.userId,
    email: canonicalEmail(input.email),
    createdAt: input.registeredAt,
    trialEndsAt,
  });
  if (!inserted) return;
  const data = { userId: input.userId, trialEndsAt: trialEndsAt.toISOString() };
  await context.recordEvent(trx, createEvent("trial.started", data, { correlationId: input.correlationId }));
}

/** A changed e-mail address is the one a later checkout finds the account by. */
export async function recordEmailChange(
  trx: Transaction<BillingDatabase>,
  input: { userId: string; email: string },
): Promise<void> {
  await new AccountRepository(trx).updateEmail(input.userId, canonicalEmail(input.email));
}
