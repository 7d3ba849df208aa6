import { isEmailAddress } from "@tubedigest/contracts/email-rule";
import { MessageRepository } from "../store/message-repository.ts";
import { SuppressionRepository } from "../store/suppression-repository.ts";
import { COMPLAINT_TYPES, type ComplaintReport } from "./complaint-report.ts";
import type { MailerContext } from "./mailer-context.ts";

/** What became of a report: the address suppressed, or why not. */
export type ComplaintOutcome = "suppressed" | "not-a-complaint" | "recipient-unknown";

/**
 * A recipient marked a message as spam (a feedback loop's report, or a provider's webhook): no more mail
 * goes to that address, like after a hard bounce, since mailbox providers count every further message
 * against the sender. The recipient is taken from the mailer's own record of the message complained of
 * when the report carries its Message-ID (providers often redact the address), else from the report.
 * Reports that are no complaint (auth-failure, not-spam) change nothing. A second report of the same
 * address changes nothing either, and is counted again.
 */
export async function recordComplaint(
  context: Pick<MailerContext, "db" | "metrics">,
  report: ComplaintReport,
): Promise<ComplaintOutcome> {
  if (!COMPLAINT_TYPES.has(report.feedbackType)) return "not-a-complaint";
  const ours = report.messageId
    ? await new MessageRepository(context.db).recipientOf(report.messageId)
    : undefined;
  const named = report.recipient && isEmailAddress(report.recipient) ? report.recipient : undefined;
  const recipient = ours ?? named;
  if (!recipient) return "recipient-unknown";
  await new SuppressionRepository(context.db).suppress(recipient, `complaint (${report.feedbackType})`);
  context.metrics.complained();
  return "suppressed";
}
