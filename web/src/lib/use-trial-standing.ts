import type { CurrentUser } from "./current-user.ts";
import { useApi } from "./use-api.ts";

/** Where the signed-in reader stands with their plan and free trial (part of GET /api/subscription). */
export interface TrialStanding {
  status: "active" | "trial" | "expired";
  /** While the trial runs, when it ends; null once it has ended, or while billing has not heard of the account. */
  trialEndsAt: string | null;
}

/**
 * The signed-in reader's standing; undefined while it loads, and for a visitor who is not signed in. When
 * billing cannot say, the current user's status stands in, without the trial's end date.
 */
export function useTrialStanding(user: CurrentUser | null | undefined): TrialStanding | undefined {
  const { data, error } = useApi<TrialStanding>(user ? "/api/subscription" : null);
  if (data || !error || !user) return data;
  const known = ["active", "trial"] as const;
  const status = known.find((name) => name === user.subscriptionStatus) ?? "expired";
  return { status, trialEndsAt: null };
}
