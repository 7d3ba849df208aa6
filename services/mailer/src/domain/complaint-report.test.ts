import { describe, expect, it } from "vitest";
import { readComplaintReport } from "./complaint-report.ts";

/** A feedback report as a provider's feedback loop mails it (RFC 5965), with the parts given. */
const report = (...parts: string[]) =>
  [
    "From: <fbl@mailbox-provider.example>",
    'Content-Type: multipart/report; report-type=feedback-report; boundary="arf"',
    "",
    ...parts.flatMap((part) => ["--arf", part]),
    "--arf--",
    "",
  ].join("\r\n");

const feedback = (...fields: string[]) =>
  ["Content-Type: message/feedback-report", "", ...fields, ""].join("\r\n");

const original = (type: string, ...headers: string[]) =>
  [`Content-Type: ${type}`, "", ...headers, "", "The digest's body. Message-ID: <not-this@x>", ""].join(
    "\r\n",
  );

describe("reading a feedback loop's complaint report", () => {
  it("reads the kind, the recipient and the Message-ID of the message complained of", () => {
    const read = readComplaintReport(
      report(
        feedback("Feedback-Type: Abuse", "Original-Rcpt-To: Ann <ann@example.com>"),
        original("message/rfc822", "Subject: Your week", "Message-ID: <abc.123@mail.tubedigest.test>"),
      ),
    );
    expect(read).toEqual({
      feedbackType: "abuse",
      recipient: "ann@example.com",
      messageId: "<abc.123@mail.tubedigest.test>",
    });
  });

  it("unfolds header lines, takes the first of a field given twice, and skips lines that are no field", () => {
    const read = readComplaintReport(
      report(
        feedback(
          ": no name",
          "Feedback-Type:",
          "  fraud",
          "Feedback-Type: abuse",
          "Removal-Recipient:   bob@example.com  ",
        ),
        original("text/rfc822-headers", "message-id:", "\t<folded@mail.tubedigest.test> (comment)"),
      ),
    );
    expect(read.feedbackType).toBe("fraud");
    expect(read.recipient).toBe("bob@example.com");
    expect(read.messageId).toBe("<folded@mail.tubedigest.test>");
  });

  it("reads a report whose lines end in a bare line feed, as some feedback loops send them", () => {
    const lf = report(
      feedback("Feedback-Type: fraud", "Original-Rcpt-To:", " <ann@example.com>"),
      original("message/rfc822", "Message-ID: <lf@mail.tubedigest.test>"),
    ).replaceAll("\r\n", "\n");
    expect(readComplaintReport(lf)).toEqual({
      feedbackType: "fraud",
      recipient: "ann@example.com",
      messageId: "<lf@mail.tubedigest.test>",
    });
  });

  it("reads only the original's header block, up to a header part that ends the report", () => {
    const inBody = [
      "Content-Type: message/rfc822",
      "",
      "Subject: Your week",
      "",
      "Message-ID: <quoted-in-the-body@x>",
    ].join("\r\n");
    expect(readComplaintReport(inBody).messageId).toBeUndefined();
    expect(readComplaintReport(inBody.replaceAll("\r\n", "\n")).messageId).toBeUndefined();
    const lastPart = "Content-Type: text/rfc822-headers\r\n\r\nSubject: Your week\r\nMessage-ID: <last@x>";
    expect(readComplaintReport(lastPart).messageId).toBe("<last@x>");
  });

  it("reads a field written with space before its colon, and an address with space inside its brackets", () => {
    const read = readComplaintReport(
      report(feedback("Feedback-Type : fraud", "Original-Rcpt-To: Ann < ann@example.com >")),
    );
    expect(read.feedbackType).toBe("fraud");
    expect(read.recipient).toBe("ann@example.com");
  });

  it("prefers Original-Rcpt-To to Removal-Recipient", () => {
    const read = readComplaintReport(
      report(feedback("Removal-Recipient: bob@example.com", "Original-Rcpt-To: <ann@example.com>")),
    );
    expect(read.recipient).toBe("ann@example.com");
  });

  it("counts a report that does not say its kind as abuse, and names nobody it does not name", () => {
    expect(readComplaintReport(report(feedback("User-Agent: FBL/1.0")))).toEqual({
      feedbackType: "abuse",
      recipient: undefined,
      messageId: undefined,
    });
    expect(readComplaintReport("just some text")).toEqual({
      feedbackType: "abuse",
      recipient: undefined,
      messageId: undefined,
    });
    expect(readComplaintReport(report(feedback("Original-Rcpt-To: <>"))).recipient).toBeUndefined();
  });

  it("takes a forwarded original's Message-ID from a report that is not ARF", () => {
    const forwarded = [
      "Subject: FW: spam",
      "Content-Type: multipart/mixed; boundary=b",
      "",
      "--b",
      original("message/rfc822", "Message-ID: <fwd@mail.tubedigest.test>"),
      "--b--",
    ].join("\n");
    const read = readComplaintReport(forwarded);
    expect(read.messageId).toBe("<fwd@mail.tubedigest.test>");
    expect(read.feedbackType).toBe("abuse");
  });

  it("reads no Message-ID from a part with headers but no content, or one without angle brackets", () => {
    expect(
      readComplaintReport("Content-Type: message/rfc822\r\nMessage-ID: <a@b>").messageId,
    ).toBeUndefined();
    expect(
      readComplaintReport(report(original("message/rfc822", "Message-ID: abc@mail.tubedigest.test")))
        .messageId,
    ).toBeUndefined();
    expect(
      readComplaintReport(report(original("message/rfc822x", "Message-ID: <a@b>"))).messageId,
    ).toBeUndefined();
  });
});
