import type { EventEnvelope } from "@tubedigest/contracts";
import type { Transaction } from "kysely";
import type { MailerDatabase } from "../store/database.ts";
import { type PlanState, type Recipient, RecipientRepository } from "../store/recipient-repository.ts";

/** Billing's events about a plan: each carries the plan in force (null once it has ended). */
export type PlanEventName =
  | "subscription.activated"
  | "subscription.changed"
  | "subscription.change-scheduled"
  | "subscription.cancelled"
  | "subscription.resumed"
  | "subscription.payment-failed"
  | "subscription.expired";

/**
 * Records what a billing event says of the account's plan: whether one is in force, and what `state`
 * adds (`planName`: the name the event gives the plan in force, null once none is). Mail about the plan
 * is written from it and, when it goes out, decided by it (send-time-rules.ts).
 */
export async function recordPlanState(
  trx: Transaction<MailerDatabase>,
  event: EventEnvelope<PlanEventName>,
  state: Omit<PlanState, "paying" | "plan"> & { planName?: string | null } = {},
): Promise<void> {
  const { planName, ...rest } = state;
  const plan = event.data.plan;
  const named = plan !== null && planName ? { id: plan, name: planName } : null;
  await new RecipientRepository(trx).applyPlanState(event.data.userId, new Date(event.occurredAt), {
    paying: plan !== null,
    ...(planName !== undefined ? { plan: named } : {}),
    ...rest,
  });
}

/**
 * The name a mail gives a plan: billing's (`named`: the event's); for events from before billing named
 * its plans, the plan's id, capitalised.
 */
export function planNameFor(plan: string | null, named: string | null | undefined): string {
  if (named) return named;
  const id = plan ?? "your plan";
  return id.charAt(0).toUpperCase() + id.slice(1);
}

/** The name of `plan` as billing's events last named it for the account (events that carry only its id). */
export const accountPlanName = (recipient: Recipient, plan: string | null): string =>
  planNameFor(plan, recipient.plan === plan ? recipient.plan_name : null);
