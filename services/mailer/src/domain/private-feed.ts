import { HttpError } from "@tubedigest/http/http-error";
import { FeedRepository } from "../store/feed-repository.ts";
import { atomFeed } from "./atom-feed.ts";
import type { MailerContext } from "./mailer-context.ts";

/** How many digests the feed lists: a year of weeks. */
const FEED_ENTRIES = 52;

export const feedMessages = {
  notFound: "This feed address is not valid any more. Copy the current one from your settings.",
} as const;

/** The feed's address, `…/api/feeds/<secret>`. */
export const feedUrlOf = (context: MailerContext, token: string) => context.links.feed(token);

/**
 * A reader's private feed at the address their settings show: the digests the SMTP server took, newest
 * first, each as it was sent. An address that is not (or no longer) a feed's is a 404, whatever it was.
 */
export async function privateFeed(context: MailerContext, token: string): Promise<string> {
  const feeds = new FeedRepository(context.db);
  const owner = await feeds.ownerOf(token);
  if (!owner) throw new HttpError(404, feedMessages.notFound);
  const digests = await feeds.sentDigests(owner, FEED_ENTRIES);
  const newest = digests[0]?.sent_at;
  return atomFeed({
    url: feedUrlOf(context, token),
    siteUrl: context.links.newsletters,
    updated: newest ?? (await feeds.createdAt(owner)) ?? context.now(),
    entries: digests.map((digest) => {
      const newsletterId = digest.natural_key.replace(/^newsletter:/, "");
      return {
        id: `urn:uuid:${newsletterId}`,
        title: digest.subject,
        link: context.links.newsletter(newsletterId, undefined),
        sent: digest.sent_at ?? context.now(),
        html: digest.html,
      };
    }),
  });
}
