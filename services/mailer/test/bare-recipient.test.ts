import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DeliveryUnderTest, startDelivery } from "./support/delivery-harness.ts";
import { type MailerUnderTest, startMailer } from "./support/mailer-harness.ts";

const INVALID_EMAIL = "Please enter a valid email address";

/** Spellings that look like one address to a string comparison and like another, or several, to nodemailer. */
const NOT_ONE_BARE_ADDRESS = [
  "a<victim@x.io>",
  "Urgent notice <victim@x.io>",
  '"victim@x.io" <attacker@y.io>',
  "victim@x.io,",
  "victim@x.io, other@y.io",
  "victim@x.io;",
  "friends:victim@x.io;",
  "victim(x)@x.io",
  "vic\\tim@x.io",
  "victim%evil.example@x.io",
];

describe("the mailer sends to one canonical bare address (real Postgres, RabbitMQ and SMTP)", () => {
  let mailer: MailerUnderTest;
  beforeAll(async () => {
    mailer = await startMailer();
  });
  afterAll(() => mailer.stop());

  it("gives SMTP exactly the canonical address, in the envelope and in To", async () => {
    const userId = randomUUID();
    const typed = `Ann.${userId.slice(0, 8)}@Example.COM`;
    const canonical = typed.toLowerCase();
    await mailer.deliver("user.registered", {
      userId,
      email: typed,
      fullName: null,
      passwordless: false,
      selectedChannels: [],
    });
    await mailer.deliver("trial.started", {
      userId,
      trialEndsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    await mailer.settle();

    const sent = mailer.smtp.messages.filter((message) =>
      message.envelope.to.some((to) => to.toLowerCase() === canonical),
    );
    expect(sent.map((message) => message.envelope.to)).toEqual([[canonical]]);
    expect(sent[0]?.raw).toMatch(new RegExp(`^To: ${canonical.replaceAll(".", "\\.")}\\r?$`, "m"));
  });

  const abandonment = (email: string) =>
    mailer.app.inject({
      method: "POST",
      url: "/api/send-abandonment-email",
      payload: { email, channelName: null, summaryBullets: [] },
    });

  it.each(NOT_ONE_BARE_ADDRESS)("refuses an abandonment e-mail to %j, and sends nothing", async (email) => {
    const response = await abandonment(email);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: INVALID_EMAIL });
    await mailer.settle();
    expect(mailer.smtp.messages.filter((message) => message.envelope.to.includes("victim@x.io"))).toEqual([]);
  });

  it.each(NOT_ONE_BARE_ADDRESS)("refuses a suppression of %j", async (email) => {
    const response = await mailer.app.inject({
      method: "POST",
      url: "/internal/suppressions",
      payload: { email, reason: "bounced" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: INVALID_EMAIL });
  });
});

describe("a queued message whose recipient is not one bare address (a row from before the rule)", () => {
  let delivery: DeliveryUnderTest;
  beforeEach(async () => {
    delivery = await startDelivery();
  });
  afterEach(() => delivery.stop());

  it("fails unsent, while a message to a bare address beside it goes out", async () => {
    for (const [index, recipient] of NOT_ONE_BARE_ADDRESS.entries()) {
      await delivery.enqueue({ naturalKey: `old:${index}`, recipient });
    }
    await delivery.enqueue({ naturalKey: "bare", recipient: "ann@example.com" });
    await delivery.settle(delivery.startDispatcher());

    expect(await delivery.statusCounts()).toEqual({ failed: NOT_ONE_BARE_ADDRESS.length, sent: 1 });
    expect(delivery.smtp.messages.map((message) => message.envelope.to)).toEqual([["ann@example.com"]]);
    const failed = await delivery.database.db
      .selectFrom("messages")
      .select("last_error")
      .where("status", "=", "failed")
      .execute();
    expect(new Set(failed.map((row) => row.last_error))).toEqual(
      new Set(["the recipient is not one bare e-mail address"]),
    );
    // Failed without an attempt: nothing reached the server, and no address was suppressed for it.
    expect(delivery.smtp.attempts).toBe(1);
    expect(await delivery.database.db.selectFrom("suppressions").selectAll().execute()).toEqual([]);
  });
});
