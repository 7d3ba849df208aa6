import type { CatalogAccountSummary } from "@tubedigest/contracts/current-user";
import { FollowRepository } from "../store/follow-repository.ts";
import { UserPlanRepository } from "../store/user-plan-repository.ts";
import { allowanceOf } from "./allowance.ts";
import type { CatalogContext } from "./catalog-context.ts";

/**
 * Catalog's part of `current-user`, which the gateway composes: how many channels the user follows and
 * how many they may (the same number that refuses the next follow), so the dashboard can say "3 of 5".
 */
export async function accountSummary(
  context: CatalogContext,
  userId: string,
): Promise<CatalogAccountSummary> {
  const [channelCount, access] = await Promise.all([
    new FollowRepository(context.db).countFor(userId),
    new UserPlanRepository(context.db).accessOf(userId),
  ]);
  return { channelCount, channelAllowance: allowanceOf(access) };
}
