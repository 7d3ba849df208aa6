import type { CurrentUser } from "./current-user.ts";
import { useApi } from "./use-api.ts";

/** Where the signed-in reader stands with their plan and free trial (part of GET /api/subscription). */
export interface TrialStanding {
  /** `trial`: the free days run, with a plan chosen (`plan`) or none. */
  status: "active" | "trial" | "expired";
  /** The plan in force, or chosen during the trial; null with none. */
  plan: string | null;
  /** While the trial runs, when it ends; null once it has ended, or while billing has not heard of the account. */
  trialEndsAt: string | null;
  /** A plan chosen now starts with the free days left: nothing is charged until they end. */
  trialAvailable: boolean;
}

/**
 * The signed-in reader's standing; undefined while it loads, and for a visitor who is not signed in. When
 * billing cannot say, the current user's status and plan stand in, without the trial's end date.
 */
export function useTrialStanding(user: CurrentUser | null | undefined): TrialStanding | undefined {
  const { data, error } = useApi<TrialStanding>(user ? "/api/subscription" : null);
  if (data || !error || !user) return data;
  const known = ["active", "trial"] as const;
  const status = known.find((name) => name === user.subscriptionStatus) ?? "expired";
  const plan = user.subscriptionPlan;
  return { status, plan, trialEndsAt: null, trialAvailable: status === "trial" && !plan };
}
