import { handleOnce } from "@tubedigest/bus";
import type { MailerContext } from "../domain/mailer-context.ts";
import { renewUnsubscribeLinks } from "../domain/renew-unsubscribe-links.ts";
import type { MailerDatabase } from "../store/database.ts";
import { FeedRepository } from "../store/feed-repository.ts";

/**
 * The owner took the account in hand (account.secured): what anyone who held it before could have copied
 * stops working. The private feed, if the reader has one, moves to a new secret address at once, and the
 * unsubscribe links to a new generation. Once per event, so a redelivery turns nothing over again.
 */
export const turnOverAccountLinks = (context: MailerContext) =>
  handleOnce<MailerDatabase, "account.secured">(context.db, async (event, { trx }) => {
    await new FeedRepository(trx).resetIfOpen(event.data.userId);
    await renewUnsubscribeLinks(context, trx, event.data.userId);
  });
