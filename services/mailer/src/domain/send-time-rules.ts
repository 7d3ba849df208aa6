import type { Transaction } from "kysely";
import type { MailerDatabase } from "../store/database.ts";
import type { Recipient } from "../store/recipient-repository.ts";
import type { TemplateData } from "../templates/template-data.ts";
import type { TemplateName } from "../templates/template-names.ts";
import type { MailerContext } from "./mailer-context.ts";
import { welcomeMail } from "./welcome-mail.ts";

/** What a message decided at send time comes to: the data to send it with, or why it is no longer true. */
export type SendTimeVerdict<Name extends TemplateName> = { send: TemplateData[Name] } | { withhold: string };

type SendTimeRule<Name extends TemplateName> = (
  context: MailerContext,
  trx: Transaction<MailerDatabase>,
  queued: TemplateData[Name],
  recipient: Recipient,
) => SendTimeVerdict<Name> | Promise<SendTimeVerdict<Name>>;

const withhold = (why: string) => ({ withhold: `not sent: ${why}` });

/**
 * Mail about the account's state, decided again just before it goes out: a message may wait (a
 * landing-page sign-up's welcome) or be retried for hours, and the reader may act meanwhile. Each rule
 * reads the account as the mailer's records stand then and answers the data to send (written anew), or
 * why what it says is no longer true; such a message is recorded unsent. Mail of any other template goes
 * as it was written.
 */
const SEND_TIME_RULES: { [Name in TemplateName]?: SendTimeRule<Name> } = {
  // The trial's welcome is for a trialist without a plan. While it waits the visitor may choose one,
  // preview a channel (its link back) or get a first digest (not promised again).
  async welcome(context, trx, queued, recipient) {
    if (recipient.paying) return withhold("a plan was chosen before the welcome went out");
    const trialEndsAt = new Date(queued.trialEndsAt);
    const mail = await welcomeMail(context, trx, {
      recipient,
      trialEndsAt,
      quotesPreview: queued.preview !== null,
    });
    return { send: mail.data };
  },
  "trial-ending"(_context, _trx, queued, recipient) {
    if (queued.nextPlan === null && recipient.paying) return withhold("a plan was chosen since");
    const cancelled = !recipient.paying || recipient.access_ends_at !== null;
    if (queued.nextPlan !== null && cancelled) return withhold("the plan was cancelled since");
    return { send: queued };
  },
  cancellation(_context, _trx, queued, recipient) {
    if (recipient.paying && recipient.access_ends_at === null) return withhold("the plan was resumed since");
    return { send: queued };
  },
  "plan-resumed"(_context, _trx, queued, recipient) {
    if (recipient.access_ends_at !== null) return withhold("the plan was cancelled again since");
    return { send: queued };
  },
};

/** Whether a template's mail is decided again at send time: it keeps the data it was written from. */
export const decidedAtSendTime = (template: TemplateName): boolean => template in SEND_TIME_RULES;

/** The send-time rule of a message's template, if it has one. */
export function sendTimeRuleOf(template: string): SendTimeRule<TemplateName> | undefined {
  return (SEND_TIME_RULES as Record<string, SendTimeRule<TemplateName> | undefined>)[template];
}
