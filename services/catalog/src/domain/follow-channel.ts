import { createEvent } from "@tubedigest/contracts";
import { HttpError } from "@tubedigest/http/http-error";
import type { Kysely } from "kysely";
import { ChannelRepository } from "../store/channel-repository.ts";
import type { CatalogDatabase } from "../store/database.ts";
import { type FollowedChannelRow, FollowRepository } from "../store/follow-repository.ts";
import { UserPlanRepository } from "../store/user-plan-repository.ts";
import { allowanceOf, allowanceReachedMessage } from "./allowance.ts";
import type { CatalogContext } from "./catalog-context.ts";
import { followEventData } from "./follow-event-data.ts";
import { resolveChannel } from "./resolve-channel.ts";

/**
 * Adds a channel to the user's list. Following a channel twice changes nothing; following one more
 * than billing allows the user is a 403 naming the plan that allows more. The follow and its
 * `channel.followed` event are written in one transaction.
 */
export async function followChannel(
  context: CatalogContext,
  input: { userId: string; youtubeChannelId: string; correlationId: string },
): Promise<{ channel: FollowedChannelRow; created: boolean }> {
  const existing = await new FollowRepository(context.db).find(input.userId, input.youtubeChannelId);
  if (existing) return { channel: existing, created: false };
  // Checked before asking YouTube too, so a user at the limit costs no quota.
  await assertWithinAllowance(context.db, input.userId);
  const details = await resolveChannel(context, input.youtubeChannelId);

  return context.db.transaction().execute(async (trx) => {
    const follows = new FollowRepository(trx);
    await follows.lockFollowsOf(input.userId);
    const raced = await follows.find(input.userId, input.youtubeChannelId);
    if (raced) return { channel: raced, created: false };
    await assertWithinAllowance(trx, input.userId);
    await new ChannelRepository(trx).saveDetails(details, context.now());
    await follows.insert(input.userId, input.youtubeChannelId);
    const channel = await follows.find(input.userId, input.youtubeChannelId);
    if (!channel) throw new Error("A follow just written cannot be read back");
    const data = followEventData(input.userId, channel);
    await context.recordEvent(
      trx,
      createEvent("channel.followed", data, { correlationId: input.correlationId }),
    );
    return { channel, created: true };
  });
}

async function assertWithinAllowance(db: Kysely<CatalogDatabase>, userId: string): Promise<void> {
  const access = await new UserPlanRepository(db).accessOf(userId);
  const count = await new FollowRepository(db).countFor(userId);
  if (count >= allowanceOf(access)) throw new HttpError(403, allowanceReachedMessage(access));
}
