import { randomUUID } from "node:crypto";
import { DEVELOPMENT_SITE } from "@tubedigest/config";
import { contractOf } from "@tubedigest/contracts";
import { eventually } from "@tubedigest/testing/eventually";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linksOf, type MailerUnderTest, startMailer } from "./support/mailer-harness.ts";

describe("the mail the product's events call for (real Postgres, RabbitMQ and SMTP)", () => {
  let mailer: MailerUnderTest;
  beforeAll(async () => {
    mailer = await startMailer();
  });
  afterAll(() => mailer.stop());

  const expectWellFormed = (mail: ParsedMail | undefined) => {
    expect(mail?.html).toBeTruthy();
    expect(mail?.text?.length).toBeGreaterThan(40);
    expect(mail?.messageId).toMatch(/^<[^@\s]+@[^>\s]+>$/);
    for (const link of linksOf(mail?.html || "")) expect(link).toMatch(/^(https:\/\/|mailto:)/);
    // The support address and the operator the mailer was started with.
    expect(linksOf(mail?.html || "")).toContain(`mailto:${DEVELOPMENT_SITE.supportEmail}`);
    expect(mail?.text).toContain(`tubedigest is run by ${DEVELOPMENT_SITE.operatorName}.`);
  };

  it("welcomes a new account once its trial starts, naming the trial's end", async () => {
    const { userId, email } = await mailer.registered({ fullName: "Ada" });
    const trialEndsAt = "2026-11-30T09:00:00.000Z";
    await mailer.deliver("trial.started", { userId, trialEndsAt });
    await mailer.deliver("trial.started", { userId, trialEndsAt });
    const mails = await mailer.mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Welcome to tubedigest: your 7-day trial has started");
    expect(mails[0]?.text).toContain("30 November 2026");
    expect(mails[0]?.text).toContain("Ada");
    expectWellFormed(mails[0]);
  });

  it("mails a sign-in link that opens the site's sign-in page with the token", async () => {
    const { userId, email } = await mailer.registered();
    const token = "q3Jx0cP9mC1vYkS2bT8wZ4nR6uE5fG7hL0aD3iK9oQe";
    await mailer.deliver("sign-in-link.requested", {
      userId,
      email,
      token,
      expiresAt: "2026-11-23T19:30:00.000Z",
    });
    const [mail] = await mailer.mailTo(email);
    expect(mail?.subject).toBe("Your tubedigest sign-in link");
    expect(linksOf(mail?.html || "")).toContain(`https://digest.example.com/sign-in/link?token=${token}`);
    expect(mail?.text).toContain(`https://digest.example.com/sign-in/link?token=${token}`);
  });

  it("mails a password-reset link once per request, opening the site's reset page with the token", async () => {
    const { userId, email } = await mailer.registered();
    const token = "Zp4Kq8vX1nC6mB3tR9wY2eL5aH0dG7fJ4sU1iO8kQeA";
    const requested = { userId, email, token, expiresAt: "2026-11-23T20:00:00.000Z" };
    const event = await mailer.testBus.bus.publish("password-reset.requested", requested, {
      correlationId: "test",
    });
    await eventually(() =>
      mailer.database.db
        .selectFrom("inbox")
        .select("event_id")
        .where("event_id", "=", event.id)
        .executeTakeFirst(),
    );
    const [mail, ...more] = await mailer.mailTo(email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Reset your tubedigest password");
    const link = `https://digest.example.com/reset-password?token=${token}`;
    expect(linksOf(mail?.html || "")).toContain(link);
    expect(mail?.text).toContain(link);
    expect(mail?.text).toContain("It works once, for an hour: until 20:00 UTC on 23 November 2026.");
    expectWellFormed(mail);

    // The same request redelivered sends nothing more; a second request (handled after it) sends its own.
    await mailer.testBus.bus.publishEvent(event);
    await mailer.deliver("password-reset.requested", requested);
    expect(await mailer.mailTo(email)).toHaveLength(2);
  });

  it("sends a composed newsletter once, with one-click unsubscribe, and announces it sent", async () => {
    const { userId, email } = await mailer.registered();
    const newsletterId = randomUUID();
    const composed = { ...contractOf("newsletter.composed").example, newsletterId, userId };
    await mailer.deliver("newsletter.composed", composed);
    // The same newsletter again (a composer retried): nothing more is sent.
    await mailer.deliver("newsletter.composed", composed);
    const mails = await mailer.mailTo(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    // The subject the newsletter is stored under in the history.
    expect(mail?.subject).toBe(composed.subject);
    // As sent, unfolded (mailparser also reads it into a structure of its own).
    const headerLine = (name: string) =>
      mail?.headerLines
        .find((line) => line.key === name)
        ?.line.replace(/^[^:]+:\s*/, "")
        .replace(/\r?\n\s+/g, " ");
    const listUnsubscribe = headerLine("list-unsubscribe") ?? "";
    expect(listUnsubscribe).toMatch(
      /^<https:\/\/digest\.example\.com\/api\/unsubscribe\?token=v2\.[0-9a-f-]{36}\.0\.[^>]+>, <mailto:unsubscribe@tubedigest\.test\?subject=unsubscribe>$/,
    );
    expect(headerLine("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mail?.text).toContain("A rocket carries its own oxidiser.");
    // "Read in your browser": the newsletter's page, with the token the summariser made for it.
    const page = `https://digest.example.com/newsletters/${newsletterId}?token=${composed.readToken}`;
    expect(linksOf(mail?.html || "")).toContain(page);
    expect(mail?.text).toContain(`Read in your browser: ${page}`);
    // The reader's focus the newsletter was ordered for, in both parts.
    expect(mail?.text).toContain(`Ordered for: ${composed.focus}`);
    expect(mail?.html).toContain(`Ordered for: ${composed.focus}`);
    expectWellFormed(mail);
    const sent = (await mailer.published("newsletter.sent")).filter(
      (event) => (event.data as { newsletterId?: string }).newsletterId === newsletterId,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.data).toMatchObject({ userId });
  });

  it("mails a single summary once per purchase", async () => {
    const { userId, email } = await mailer.registered();
    const data = { ...contractOf("video.summarised").example, userId, orderId: randomUUID() };
    await mailer.deliver("video.summarised", data);
    await mailer.deliver("video.summarised", data);
    const mails = await mailer.mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Your summary: Rocket engines: a beginner's guide");
    expect(mails[0]?.text).toContain("Thrust comes from pushing mass backwards");
    expect(mails[0]?.text).toContain("Price: $1.99, charged to the card of your subscription.");
  });

  it("tells the subscriber once that a summary that could not be made was not charged", async () => {
    const { userId, email } = await mailer.registered();
    const data = { ...contractOf("video-summary.failed").example, userId, orderId: randomUUID() };
    await mailer.deliver("video-summary.failed", data);
    await mailer.deliver("video-summary.failed", data);
    const mails = await mailer.mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(
      `We could not summarise "Rocket engines: a beginner's guide": you were not charged`,
    );
    expect(mails[0]?.text).toContain("You were not charged: the $1.99 held on your card was released.");
  });

  it("sends a receipt with billing's price, and a cancellation saying until when access lasts", async () => {
    const { userId, email } = await mailer.registered();
    await mailer.deliver("subscription.activated", {
      userId,
      plan: "pro",
      planName: "Pro",
      priceCents: 2999,
      channelAllowance: 25,
      currentPeriodEnd: "2026-12-23T09:00:00.000Z",
      testMode: false,
    });
    await mailer.deliver("subscription.cancelled", {
      userId,
      plan: "pro",
      channelAllowance: 25,
      endsAt: "2026-12-23T09:00:00.000Z",
    });
    const mails = await mailer.mailTo(email);
    const receipt = mails.find((mail) => mail.text?.includes("$29.99"));
    expect(receipt?.text).toContain("Pro");
    const cancellation = mails.find((mail) => mail !== receipt);
    expect(cancellation?.text).toContain("23 December 2026");
    const recipient = await mailer.database.db
      .selectFrom("recipients")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirst();
    expect(recipient?.paying).toBe(true);
  });

  it("reminds three days before a trial ends, once", async () => {
    const { userId, email } = await mailer.registered();
    await mailer.deliver("trial.ending", { userId, trialEndsAt: "2026-11-25T09:00:00.000Z" });
    await mailer.deliver("trial.ending", { userId, trialEndsAt: "2026-11-25T09:00:00.000Z" });
    const mails = await mailer.mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("25 November 2026");
    expect(linksOf(mails[0]?.html || "")).toContain("https://digest.example.com/subscribe");
  });

  it("writes to the address a profile change gave", async () => {
    const { userId } = await mailer.registered();
    const newAddress = `${randomUUID().slice(0, 8)}@example.org`;
    await mailer.deliver("user.updated", { userId, email: newAddress, fullName: "New Name" });
    await mailer.deliver("trial.ending", { userId, trialEndsAt: "2026-11-25T09:00:00.000Z" });
    const [mail] = await mailer.mailTo(newAddress);
    expect(mail?.text).toContain("New Name");
  });
});
