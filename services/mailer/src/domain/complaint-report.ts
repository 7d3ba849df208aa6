/** What a feedback report says: what kind of report, and about which message and recipient. */
export interface ComplaintReport {
  /** `abuse` (marked as spam), `fraud`, `not-spam`, `auth-failure`…; `abuse` when the report does not say. */
  feedbackType: string;
  /** The recipient who complained, when the report names one (`Original-Rcpt-To`, `Removal-Recipient`). */
  recipient: string | undefined;
  /** The Message-ID of the message complained of, from the copy the report carries. */
  messageId: string | undefined;
}

/** Report kinds that are a recipient's complaint; the others (auth-failure, not-spam, virus) are not. */
export const COMPLAINT_TYPES = new Set(["abuse", "fraud"]);

/** `Name: value` fields of a header block, unfolded, by lower-case name (the first of each). */
function fieldsOf(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  const unfolded = block.replace(/\r?\n[ \t]+/g, " ");
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon < 1) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  return fields;
}

const headerBlock = (message: string) => {
  const end = message.search(/\r?\n\r?\n/);
  return end === -1 ? message : message.slice(0, end);
};

const bareAddress = (value: string | undefined) =>
  value?.replace(/^.*<([^<>]*)>.*$/, "$1").trim() || undefined;

/**
 * The content of the first MIME part of `type` in a raw message: what follows its part headers. Read from
 * the raw text rather than a parsed tree, since a parser unfolds an attached message into the report's
 * own parts and loses its headers; a part encoded in base64 is not read (the report's fields still are).
 */
function partOf(raw: string, type: string): string | undefined {
  const header = new RegExp(`^Content-Type:[ \\t]*${type.replace("/", "\\/")}\\b`, "im").exec(raw);
  if (!header) return undefined;
  const rest = raw.slice(header.index);
  const contentAt = rest.search(/\r?\n\r?\n/);
  return contentAt === -1 ? undefined : rest.slice(contentAt).replace(/^\r?\n\r?\n/, "");
}

/**
 * Reads an Abuse Reporting Format report (RFC 5965: multipart/report with a message/feedback-report part
 * and the original message or its headers), as mailbox providers' feedback loops send them. A report
 * that is not ARF still yields the Message-ID of a forwarded original, if it carries one.
 */
export function readComplaintReport(raw: string): ComplaintReport {
  const feedback = fieldsOf(headerBlock(partOf(raw, "message/feedback-report") ?? ""));
  const original = partOf(raw, "message/rfc822") ?? partOf(raw, "text/rfc822-headers");
  const originalId = original ? fieldsOf(headerBlock(original)).get("message-id") : undefined;
  return {
    feedbackType: (feedback.get("feedback-type") ?? "abuse").toLowerCase(),
    recipient: bareAddress(feedback.get("original-rcpt-to") ?? feedback.get("removal-recipient")),
    messageId: originalId?.match(/<[^<>\s]+>/)?.[0],
  };
}
