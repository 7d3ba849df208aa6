import { type EventHandler, handleOnce } from "@tubedigest/bus";
import type { SummariserContext } from "../shared/summariser-context.ts";
import type { SummariserDatabase } from "../store/database.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";

type PlanEvent =
  | "subscription.activated"
  | "subscription.changed"
  | "subscription.cancelled"
  | "subscription.expired";

/**
 * Keeps whether a user has a paid plan, and whether it includes a daily digest (a reader who moves to a
 * plan without one gets their digest weekly again, on their day and hour). A cancelled plan goes on until
 * its period ends (billing says so with subscription.expired), so digests do too.
 */
export function recordPlan(context: SummariserContext): EventHandler<PlanEvent> {
  return handleOnce<SummariserDatabase, PlanEvent>(context.db, async (event, { trx }) => {
    await new RecipientRepository(trx).change(event.data.userId, "plan", new Date(event.occurredAt), {
      plan_active: event.name !== "subscription.expired",
      ...(event.data.dailyDigest === undefined ? {} : { daily_digest: event.data.dailyDigest }),
    });
  });
}
