import { readDigestMarkdown } from "@tubedigest/contracts/digest";
import type { NewsletterPage } from "@tubedigest/contracts/newsletters";
import { HttpError } from "@tubedigest/http/http-error";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { NewsletterRepository } from "../store/newsletter-repository.ts";
import { periodOfKey } from "./digest-week.ts";
import { isNewsletterLinkToken, newsletterLinkInTime } from "./newsletter-link.ts";

export const newsletterPageMessages = {
  notFound: "We could not find that newsletter. It may have been removed, or the link may be incomplete.",
  signIn: "Please sign in to read this newsletter.",
  linkExpired: "This link to the newsletter has expired. Please sign in to read it.",
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A newsletter for its page, to its reader: signed in as its owner, or holding the token of the e-mail's
 * "Read in your browser" link (in time). Nobody signed in and no token: 401, before anything is looked up.
 * An id that is unknown or someone else's, or a token that is not this newsletter's: the same 404, so a
 * stranger learns nothing about which newsletters exist.
 */
export async function readNewsletter(
  context: SummariserContext,
  id: string,
  reader: { userId: string | undefined; token: string | undefined },
): Promise<NewsletterPage> {
  if (reader.userId === undefined && reader.token === undefined) {
    throw new HttpError(401, newsletterPageMessages.signIn);
  }
  const row = UUID.test(id) ? await new NewsletterRepository(context.db).find(id) : undefined;
  const newsletter = row && { id: row.id, userId: row.user_id };
  const owner = newsletter !== undefined && reader.userId === newsletter.userId;
  const linked =
    newsletter !== undefined &&
    reader.token !== undefined &&
    isNewsletterLinkToken(context.newsletterLinkKey, reader.token, newsletter);
  if (!row || !(owner || linked)) throw new HttpError(404, newsletterPageMessages.notFound);
  if (!owner && !newsletterLinkInTime(row.created_at, context.now())) {
    throw new HttpError(401, newsletterPageMessages.linkExpired);
  }
  return {
    id: row.id,
    subject: row.subject,
    weekLabel: readDigestMarkdown(row.content).title,
    period: periodOfKey(row.week_key),
    sentAt: row.sent_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    channels: row.channels,
    glance: row.glance ?? [],
    focus: row.focus,
  };
}
