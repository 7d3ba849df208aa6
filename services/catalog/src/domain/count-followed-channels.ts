import { FollowRepository } from "../store/follow-repository.ts";
import type { CatalogContext } from "./catalog-context.ts";

/** Catalog's part of `current-user` (SPEC §3 channelCount), which the gateway composes. */
export function countFollowedChannels(context: CatalogContext, userId: string): Promise<number> {
  return new FollowRepository(context.db).countFor(userId);
}
