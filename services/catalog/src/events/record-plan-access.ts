import { type EventHandler, handleOnce } from "@tubedigest/bus";
import type { EventName, PlanAccess } from "@tubedigest/contracts";
import type { CatalogContext } from "../domain/catalog-context.ts";
import { UserPlanRepository } from "../store/user-plan-repository.ts";

/** Billing's events that say what a user may do now. */
export const PLAN_ACCESS_EVENTS = [
  "subscription.activated",
  "subscription.changed",
  "subscription.cancelled",
  "subscription.expired",
  "trial.ended",
] as const satisfies readonly EventName[];
export type PlanAccessEvent = (typeof PLAN_ACCESS_EVENTS)[number];

/**
 * Keeps billing's plan and channel allowance for the user. Each of these events carries the whole
 * access in force, so they are handled alike: the latest by billing's clock wins, whatever order they
 * arrive in, and a redelivered one is skipped by the inbox.
 */
export function recordPlanAccess<Name extends PlanAccessEvent>(context: CatalogContext): EventHandler<Name> {
  return handleOnce(context.db, async (event, { trx, log }) => {
    const { userId, plan, channelAllowance }: PlanAccess = event.data;
    const stored = await new UserPlanRepository(trx).record(
      userId,
      { plan, channelAllowance },
      new Date(event.occurredAt),
    );
    if (!stored) log.info({ userId }, "plan access older than the one stored; ignored");
  });
}
