import { DashboardChannel } from "@tubedigest/contracts/channels";
import { CatalogAccountSummary } from "@tubedigest/contracts/current-user";
import { ErrorReply, type ServiceApp } from "@tubedigest/http";
import Type from "typebox";
import { accountSummary } from "../domain/account-summary.ts";
import type { CatalogContext } from "../domain/catalog-context.ts";
import { followChannel } from "../domain/follow-channel.ts";
import { listFollowedChannels } from "../domain/list-followed-channels.ts";
import { unfollowChannel } from "../domain/unfollow-channel.ts";
import { callerOf } from "./caller.ts";
import { ChannelIdParams, FollowBody, toDashboardChannel } from "./schemas.ts";

const errors = { "4xx": ErrorReply, "5xx": ErrorReply };

/** `/api/user/channels*` (docs/product.md#api): the signed-in user's own channel list. */
export function registerChannelRoutes(app: ServiceApp, context: CatalogContext): void {
  app.get(
    "/api/user/channels",
    { schema: { response: { 200: Type.Array(DashboardChannel), ...errors } } },
    async (request) => (await listFollowedChannels(context, callerOf(request))).map(toDashboardChannel),
  );

  app.post(
    "/api/user/channels",
    { schema: { body: FollowBody, response: { 200: DashboardChannel, 201: DashboardChannel, ...errors } } },
    async (request, reply) => {
      const { channel, created } = await followChannel(context, {
        userId: callerOf(request),
        youtubeChannelId: request.body.youtubeChannelId,
        correlationId: request.id,
      });
      return reply.status(created ? 201 : 200).send(toDashboardChannel(channel));
    },
  );

  app.delete(
    "/api/user/channels/:id",
    // Answers the removed channel rather than an empty 204, so a client that parses every answer copes.
    { schema: { params: ChannelIdParams, response: { 200: DashboardChannel, ...errors } } },
    async (request) => {
      const removed = await unfollowChannel(context, {
        userId: callerOf(request),
        youtubeChannelId: request.params.id,
        correlationId: request.id,
      });
      return toDashboardChannel(removed);
    },
  );

  // Read by the gateway to compose /api/auth/current-user (channelCount, channelAllowance); not routed
  // from outside.
  app.get(
    "/internal/account-summary",
    { schema: { response: { 200: CatalogAccountSummary, ...errors } } },
    async (request) => accountSummary(context, callerOf(request)),
  );
}
