import { randomUUID } from "node:crypto";
import { contractOf } from "@tubedigest/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPLAINTS_SECRET, type MailerUnderTest, startMailer } from "./support/mailer-harness.ts";

const PATH = "/api/webhooks/mail-complaints";

/**
 * An Abuse Reporting Format report (RFC 5965) as a mailbox provider's feedback loop mails it: a note, the
 * machine-readable part, and the message complained of, here with the recipient redacted as providers do.
 */
function arfReport(original: string, feedbackType = "abuse", fields = ""): string {
  return [
    "From: <fbl@mailbox-provider.example>",
    "To: <abuse@tubedigest.test>",
    "Subject: FW: complaint",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=feedback-report; boundary="arf"',
    "",
    "--arf",
    "Content-Type: text/plain",
    "",
    "This is an email abuse report.",
    "",
    "--arf",
    "Content-Type: message/feedback-report",
    "",
    `Feedback-Type: ${feedbackType}`,
    "User-Agent: ProviderFBL/1.0",
    "Version: 1",
    ...(fields ? [fields] : []),
    "",
    "--arf",
    "Content-Type: message/rfc822",
    "Content-Disposition: inline",
    "",
    original.replace(/^To: .*$/m, "To: redacted@mailbox-provider.example"),
    "--arf--",
    "",
  ].join("\r\n");
}

describe("spam complaints from feedback loops (real Postgres, RabbitMQ and SMTP)", () => {
  let mailer: MailerUnderTest;
  beforeAll(async () => {
    mailer = await startMailer();
  });
  afterAll(() => mailer.stop());

  const metric = async (name: string) =>
    Number(
      new RegExp(`^${name}\\{service="mailer"\\} (\\d+)$`, "m").exec(
        (await mailer.app.inject("/metrics")).body,
      )?.[1] ?? 0,
    );
  const post = (payload: string, contentType: string, secret: string | null = COMPLAINTS_SECRET) =>
    mailer.app.inject({
      method: "POST",
      url: PATH,
      headers: { "content-type": contentType, ...(secret ? { authorization: `Bearer ${secret}` } : {}) },
      payload,
    });
  /** A new user who got a digest, and that digest as the SMTP server received it. */
  async function sentDigest() {
    const user = await mailer.registered();
    await mailer.deliver("newsletter.composed", {
      ...contractOf("newsletter.composed").example,
      newsletterId: randomUUID(),
      userId: user.userId,
    });
    await mailer.mailTo(user.email);
    const raw = mailer.smtp.messages.find((message) => message.envelope.to.includes(user.email))?.raw ?? "";
    return { ...user, raw };
  }
  const isSuppressed = async (email: string) =>
    (
      await mailer.database.db
        .selectFrom("suppressions")
        .select("reason")
        .where("email", "=", email)
        .executeTakeFirst()
    )?.reason;

  it("suppresses the recipient of the message an ARF report carries, found by its Message-ID, and counts it", async () => {
    const { userId, email, raw } = await sentDigest();
    const before = await metric("mailer_complaints_total");
    const answer = await post(arfReport(raw), "multipart/report");
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      message: "The recipient complained: no more mail goes to that address.",
      outcome: "suppressed",
    });
    expect(await isSuppressed(email)).toBe("complaint (abuse)");
    expect((await metric("mailer_complaints_total")) - before).toBe(1);
    // Nothing more reaches the address, not even mail about the account.
    const sentBefore = mailer.smtp.attemptsTo(email);
    await mailer.deliver("trial.started", { userId, trialEndsAt: "2026-11-30T09:00:00.000Z" });
    await mailer.settle();
    expect(mailer.smtp.attemptsTo(email)).toBe(sentBefore);
    // The provider sending its report again changes nothing more than the count.
    expect((await post(arfReport(raw), "message/rfc822")).statusCode).toBe(200);
  });

  it("takes the recipient an ARF report names when the message is not one of ours, and a provider's JSON", async () => {
    const named = `${randomUUID().slice(0, 8)}@example.com`;
    const other = "Message-ID: <not-ours@elsewhere.example>\r\nTo: x@y.example\r\n\r\nhello\r\n";
    expect(
      (await post(arfReport(other, "abuse", `Original-Rcpt-To: <${named}>`), "multipart/report")).statusCode,
    ).toBe(200);
    expect(await isSuppressed(named)).toBe("complaint (abuse)");
    const { email, raw } = await sentDigest();
    const messageId = /^Message-ID: (<[^>]+>)/im.exec(raw)?.[1];
    expect((await post(JSON.stringify({ messageId }), "application/json")).json().outcome).toBe("suppressed");
    expect(await isSuppressed(email)).toBe("complaint (abuse)");
    const direct = `${randomUUID().slice(0, 8)}@example.com`;
    expect((await post(JSON.stringify({ email: direct }), "application/json")).statusCode).toBe(200);
    expect(await isSuppressed(direct)).toBe("complaint (abuse)");
  });

  it("changes nothing for a report that is not a complaint, and says so for one naming nobody", async () => {
    const { email, raw } = await sentDigest();
    const authFailure = await post(arfReport(raw, "auth-failure"), "multipart/report");
    expect(authFailure.statusCode).toBe(200);
    expect(authFailure.json().outcome).toBe("not-a-complaint");
    expect(await isSuppressed(email)).toBeUndefined();
    const nobody = await post(arfReport("Subject: hello\r\n\r\nhi\r\n"), "multipart/report");
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().message).toMatch(
      /^The report names neither a message this mailer sent nor a recipient/,
    );
    // A report whose only recipient is no address (redacted to a word) names nobody either.
    const redacted = await post(
      arfReport("Subject: hello\r\n\r\nhi\r\n", "abuse", "Original-Rcpt-To: <redacted>"),
      "multipart/report",
    );
    expect(redacted.statusCode).toBe(422);
    expect(await isSuppressed("redacted")).toBeUndefined();
    const empty = await post("{}", "application/json");
    expect([empty.statusCode, empty.json().message]).toEqual([
      400,
      "Name the recipient (email) or the message complained of (messageId).",
    ]);
  });

  it("refuses a report without the bearer token, or with another, suppressing nothing", async () => {
    const { email, raw } = await sentDigest();
    for (const secret of [null, "another-secret-of-the-same-length-0123456789"]) {
      const refused = await post(arfReport(raw), "multipart/report", secret);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(
        "A complaint report needs the header Authorization: Bearer <MAIL_COMPLAINTS_SECRET>.",
      );
    }
    expect(await isSuppressed(email)).toBeUndefined();
  });

  it("counts messages sent and hard bounces, whose address is suppressed too", async () => {
    const [sent, bounced] = [await metric("mailer_sent_total"), await metric("mailer_hard_bounces_total")];
    const { userId, email } = await mailer.registered();
    mailer.smtp.rejectRecipient(email, 550);
    await mailer.deliver("trial.started", { userId, trialEndsAt: "2026-11-30T09:00:00.000Z" });
    await mailer.settle();
    expect((await metric("mailer_hard_bounces_total")) - bounced).toBe(1);
    expect(await isSuppressed(email)).toMatch(/550/);
    await sentDigest();
    expect((await metric("mailer_sent_total")) - sent).toBe(1);
  });
});
