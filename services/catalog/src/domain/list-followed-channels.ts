import { type FollowedChannelRow, FollowRepository } from "../store/follow-repository.ts";
import type { CatalogContext } from "./catalog-context.ts";

/** The dashboard's channel list, in the order the user added them. */
export function listFollowedChannels(context: CatalogContext, userId: string): Promise<FollowedChannelRow[]> {
  return new FollowRepository(context.db).listFor(userId);
}
