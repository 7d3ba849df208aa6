import type { Transaction } from "kysely";
import type { MailerDatabase } from "../store/database.ts";
import { RequestMailRepository } from "../store/request-mail-repository.ts";
import type { TemplateName } from "../templates/template-names.ts";

/**
 * Whether a request can make the product send a template's mail to an address of the requester's choosing,
 * or to one address again and again: such mail counts against REQUEST_MAILS_PER_HOUR. Every template is
 * listed, so a new one is decided on when it is added.
 */
const REQUEST_MAIL: Record<TemplateName, boolean> = {
  // Mail about what the reader reads or pays for, to their own address, limited where it is made: a
  // digest a week, a summary per purchase, billing's events, and the reminder's own 7 days.
  digest: false,
  "single-video-summary": false,
  "single-video-failed": false,
  abandonment: false,
  "trial-ending": false,
  receipt: false,
  "trial-plan-chosen": false,
  "plan-changed": false,
  "plan-change-scheduled": false,
  "payment-failed": false,
  cancellation: false,
  "plan-resumed": false,
  // A sign-up names any address, and deleting the account and signing up again would repeat both.
  welcome: true,
  "account-deleted": true,
  "sign-in-link": true,
  "password-reset": true,
  "password-changed": true,
  "email-change-confirmation": true,
  "email-change-notice": true,
  "email-change-address-taken": true,
};

/**
 * How many such mails go to one address (canonical) in an hour, all of those templates together. A
 * person using the product asks for a few at most (a sign-in link again when the first is slow, a move
 * and its notice, a new password); a script asking for one address over and over gets no more than this
 * through, and the rest are kept unsent.
 */
export const REQUEST_MAILS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

/** What the row of a message kept unsent by the limit says, for an operator. */
export const OVER_REQUEST_MAIL_LIMIT = `not sent: ${REQUEST_MAILS_PER_HOUR} mails a request can trigger already went to this address within the hour`;

const hourBefore = (now: Date) => new Date(now.getTime() - HOUR_MS);

/**
 * Whether a message of `template` to `address` (canonical) would pass the limit now. For mail a request
 * can trigger the address is locked first, until the transaction ends: handlers mailing it at once
 * decide one after the other, each counting what those before queued (countRequestMail).
 */
export async function overRequestMailLimit(
  trx: Transaction<MailerDatabase>,
  template: TemplateName,
  address: string,
  now: Date,
): Promise<boolean> {
  if (!REQUEST_MAIL[template]) return false;
  const sends = new RequestMailRepository(trx);
  await sends.lock(address);
  return (await sends.countSince(address, hourBefore(now))) >= REQUEST_MAILS_PER_HOUR;
}

/** Counts a message queued to go out against the limit, when it is mail a request can trigger. */
export async function countRequestMail(
  trx: Transaction<MailerDatabase>,
  template: TemplateName,
  address: string,
  now: Date,
): Promise<void> {
  if (REQUEST_MAIL[template]) await new RequestMailRepository(trx).record(address, now, hourBefore(now));
}
