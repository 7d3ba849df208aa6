import { createEvent } from "@tubedigest/contracts";
import { HttpError } from "@tubedigest/http/http-error";
import type { Kysely } from "kysely";
import { ChannelRepository } from "../store/channel-repository.ts";
import type { CatalogDatabase } from "../store/database.ts";
import { type FollowedChannelRow, FollowRepository } from "../store/follow-repository.ts";
import { UserPlanRepository } from "../store/user-plan-repository.ts";
import { allowanceOf, allowancePassedMessage } from "./allowance.ts";
import type { CatalogContext } from "./catalog-context.ts";
import { followEventData } from "./follow-event-data.ts";
import { resolveChannels } from "./resolve-channels.ts";

export interface FollowedChannels {
  /** The asked channels the user now follows, in the order asked: those followed before included. */
  channels: FollowedChannelRow[];
  /** The ids this call added. */
  added: string[];
  /** The asked ids YouTube does not know: not followed. */
  unknown: string[];
}

/**
 * Adds channels to the user's list in one transaction: all of them, or none when together they would
 * pass what billing allows the user (a 403 saying how many fit and which plan allows more). Channels
 * already followed are fine and change nothing, so a retry adds nothing twice; channels YouTube does not
 * know are answered as unknown. Each follow and its `channel.followed` event are written together.
 */
export async function followChannels(
  context: CatalogContext,
  input: { userId: string; youtubeChannelIds: readonly string[]; correlationId: string },
): Promise<FollowedChannels> {
  const ids = [...new Set(input.youtubeChannelIds)];
  const before = await followedIds(new FollowRepository(context.db), input.userId);
  const newIds = ids.filter((id) => !before.has(id));
  // Checked before asking YouTube too, so a user past the limit costs no quota.
  if (newIds.length > 0) await assertRoomFor(context.db, input.userId, newIds.length);
  const { found, unknown } = await resolveChannels(context, newIds);

  return context.db.transaction().execute(async (trx) => {
    const follows = new FollowRepository(trx);
    await follows.lockFollowsOf(input.userId);
    const current = await followedIds(follows, input.userId);
    const adding = [...found.values()].filter((channel) => !current.has(channel.id));
    if (adding.length > 0) await assertRoomFor(trx, input.userId, adding.length);
    const channels = new ChannelRepository(trx);
    for (const channel of adding) {
      await channels.saveDetails(channel, context.now());
      await follows.insert(input.userId, channel.id);
    }
    const now = new Map((await follows.listFor(input.userId)).map((row) => [row.youtube_channel_id, row]));
    for (const channel of adding) {
      const row = now.get(channel.id);
      if (!row) throw new Error("A follow just written cannot be read back");
      await context.recordEvent(
        trx,
        createEvent("channel.followed", followEventData(input.userId, row), {
          correlationId: input.correlationId,
        }),
      );
    }
    return {
      channels: ids.flatMap((id) => now.get(id) ?? []),
      added: adding.map((channel) => channel.id),
      unknown,
    };
  });
}

async function followedIds(follows: FollowRepository, userId: string): Promise<Set<string>> {
  return new Set((await follows.listFor(userId)).map((row) => row.youtube_channel_id));
}

async function assertRoomFor(db: Kysely<CatalogDatabase>, userId: string, adding: number): Promise<void> {
  const access = await new UserPlanRepository(db).accessOf(userId);
  const following = await new FollowRepository(db).countFor(userId);
  if (following + adding > allowanceOf(access)) {
    throw new HttpError(403, allowancePassedMessage(access, { following, adding }));
  }
}
