import { ErrorReply, requireUserId, type ServiceApp } from "@tubedigest/http";
import Type from "typebox";
import type { MailerContext } from "../domain/mailer-context.ts";
import { feedMessages, feedUrlOf, privateFeed } from "../domain/private-feed.ts";
import { FeedRepository } from "../store/feed-repository.ts";
import { errors } from "./schemas.ts";

/** Where feed readers fetch a reader's private feed, with its secret after it. */
export const FEEDS_PATH = "/api/feeds";
/** The signed-in reader's feed: its address (GET), made (POST), a new one (POST /reset), off (DELETE). */
export const USER_FEED_PATH = "/api/user/feed";

const FeedParams = Type.Object({
  token: Type.String({ pattern: "^[A-Za-z0-9_-]{43}$", errorMessage: feedMessages.notFound }),
});

const FeedReply = Type.Object({
  /** The feed's secret address; null while the reader has none. */
  url: Type.Union([Type.String({ format: "uri" }), Type.Null()]),
});

const AtomDocument = { content: { "application/atom+xml": { schema: Type.String() } } };

/** A reader's private Atom feed of their digests, and its management from settings. */
export function registerFeedRoutes(app: ServiceApp, context: MailerContext): void {
  const feeds = new FeedRepository(context.db);
  const answer = (token: string | undefined) => ({ url: token ? feedUrlOf(context, token) : null });

  app.get(
    `${FEEDS_PATH}/:token`,
    { schema: { params: FeedParams, response: { 200: AtomDocument, "4xx": ErrorReply, "5xx": ErrorReply } } },
    async (request, reply) => {
      const document = await privateFeed(context, request.params.token);
      return (
        reply
          .type("application/atom+xml; charset=utf-8")
          // Private: its address is a secret, so no shared cache keeps it; feed readers ask hourly or so.
          .header("cache-control", "private, max-age=900")
          .header("x-robots-tag", "noindex")
          .send(document)
      );
    },
  );

  app.get(USER_FEED_PATH, { schema: { response: { 200: FeedReply, ...errors } } }, async (request) =>
    answer(await feeds.tokenOf(requireUserId(request))),
  );
  app.post(USER_FEED_PATH, { schema: { response: { 200: FeedReply, ...errors } } }, async (request) =>
    answer(await feeds.open(requireUserId(request))),
  );
  app.post(
    `${USER_FEED_PATH}/reset`,
    { schema: { response: { 200: FeedReply, ...errors } } },
    async (request) => answer(await feeds.reset(requireUserId(request))),
  );
  app.delete(USER_FEED_PATH, { schema: { response: { 200: FeedReply, ...errors } } }, async (request) => {
    await feeds.close(requireUserId(request));
    return answer(undefined);
  });
}
