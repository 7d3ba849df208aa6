import { randomUUID } from "node:crypto";
import { contractOf, type EventData } from "@tubedigest/contracts";
import { eventually } from "@tubedigest/testing/eventually";
import type { ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  LANDING_WELCOME_DELAY_MS,
  linksOf,
  type MailerUnderTest,
  startMailer,
} from "./support/mailer-harness.ts";

const TRIAL_END = "2026-11-30T09:00:00.000Z";
const PERIOD_END = "2026-12-23T09:00:00.000Z";
const SUBSCRIPTION = "https://digest.example.com/settings?tab=subscription";
/** The previewed channel's public id, which the welcome's link back to the preview carries. */
const CHANNEL_ID = `UC${"w".repeat(22)}`;
const HOUR = 60 * 60_000;
const WELCOME = "Welcome to tubedigest: your 7-day trial has started";

describe("mail about the trial and the plan (real Postgres, RabbitMQ and SMTP)", () => {
  let mailer: MailerUnderTest;
  beforeAll(async () => {
    mailer = await startMailer();
  });
  afterAll(() => mailer.stop());
  afterEach(() => mailer.setNow(undefined));

  /** Moves the mailer's clock past a landing-page sign-up's welcome's wait. */
  const pastTheWelcomesWait = () => mailer.setNow(new Date(Date.now() + LANDING_WELCOME_DELAY_MS + 60_000));
  /**
   * Holds back what is queued from here on: the mailer's clock an hour behind the database's, whose time
   * a message queued for at once is due at. Holding it back stands for a send that is late (a busy
   * dispatcher, a relay's retries) while the reader acts.
   */
  const holdBackWhatIsQueued = () => mailer.setNow(new Date(Date.now() - HOUR));
  const subjectsTo = async (email: string) => (await mailer.mailTo(email)).map((mail) => mail.subject);
  const mailWithSubject = async (email: string, subject: string) => {
    const found = (await mailer.mailTo(email)).filter((mail) => mail.subject === subject);
    expect(found).toHaveLength(1);
    return found[0] as ParsedMail;
  };
  const messageKeyed = (naturalKey: string) =>
    mailer.database.db
      .selectFrom("messages")
      .select(["status", "last_error"])
      .where("natural_key", "=", naturalKey)
      .executeTakeFirst();

  const activated = (userId: string, data: Partial<EventData<"subscription.activated">> = {}) =>
    mailer.deliver("subscription.activated", {
      userId,
      plan: "premium",
      planName: "Premium",
      priceCents: 999,
      channelAllowance: 5,
      currentPeriodEnd: PERIOD_END,
      testMode: false,
      ...data,
    });
  /** Premium chosen during the trial, with a card saved: its first charge at the trial's end. */
  const choseDuringTrial = (userId: string) =>
    activated(userId, { currentPeriodEnd: TRIAL_END, trialEndsAt: TRIAL_END });
  const cancelled = (userId: string) =>
    mailer.deliver("subscription.cancelled", {
      userId,
      plan: "premium",
      channelAllowance: 5,
      endsAt: PERIOD_END,
    });
  const resumed = (userId: string) =>
    mailer.deliver("subscription.resumed", {
      userId,
      plan: "premium",
      channelAllowance: 5,
      renewsAt: PERIOD_END,
    });

  describe("the trial's welcome", () => {
    it("is not sent to a landing-page visitor who chose a plan while it waited, and the log says why", async () => {
      const { userId, email } = await mailer.registered({ passwordless: true });
      await mailer.deliver("trial.started", { userId, trialEndsAt: TRIAL_END });
      await choseDuringTrial(userId);
      pastTheWelcomesWait();
      expect(await subjectsTo(email)).toEqual(["Your Premium plan starts on 30 November 2026"]);
      expect(await messageKeyed(`welcome:${userId}`)).toEqual({
        status: "suppressed",
        last_error: "not sent: a plan was chosen before the welcome went out",
      });
    });

    it("links back to the preview the visitor was shown while it waited, with its channel", async () => {
      const { userId, email } = await mailer.registered({ passwordless: true });
      await mailer.deliver("trial.started", { userId, trialEndsAt: TRIAL_END });
      // The landing page makes the account first, then shows the preview.
      await mailer.deliver("preview.shown", {
        userId,
        channelTitle: "Pocket Orbit",
        channelId: CHANNEL_ID,
        bullets: [],
        shownAt: new Date().toISOString(),
      });
      pastTheWelcomesWait();
      const welcome = await mailWithSubject(email, WELCOME);
      const link = `https://digest.example.com/preview?channel=${CHANNEL_ID}`;
      expect(linksOf(welcome.html || "")).toContain(link);
      expect(welcome.text).toContain(`Back to your preview: ${link}`);
    });

    it("does not promise the first digest to a reader a digest reached while it waited, as it does to one none has", async () => {
      const reached = await mailer.registered({ passwordless: true });
      const waiting = await mailer.registered({ passwordless: true });
      for (const { userId } of [reached, waiting]) {
        await mailer.deliver("trial.started", { userId, trialEndsAt: TRIAL_END });
      }
      const composed = contractOf("newsletter.composed").example;
      await mailer.deliver("newsletter.composed", {
        ...composed,
        newsletterId: randomUUID(),
        userId: reached.userId,
      });
      expect(await subjectsTo(reached.email)).toEqual([composed.subject]);
      pastTheWelcomesWait();
      const welcome = await mailWithSubject(reached.email, WELCOME);
      expect(welcome.text).toContain("Your first digest is already in your inbox");
      expect(`${welcome.text}${welcome.html}`).not.toContain("arrives within 7 days");
      expect((await mailWithSubject(waiting.email, WELCOME)).text).toContain(
        "Your first digest arrives within 7 days.",
      );
    });
  });

  describe("a plan's start", () => {
    it("chosen during the trial: a confirmation that it starts then, $0 today, not a receipt", async () => {
      const { userId, email } = await mailer.registered({ fullName: "Ada" });
      await choseDuringTrial(userId);
      const [mail, ...more] = await mailer.mailTo(email);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe("Your Premium plan starts on 30 November 2026");
      expect(mail?.text).toContain("Due today $0.00, then $9.99/month from 30 November 2026.");
      expect(mail?.text).toContain("To cancel before 30 November 2026 and pay nothing");
      expect(`${mail?.subject}${mail?.text}`).not.toMatch(/receipt|charged today/i);
      expect(linksOf(mail?.html || "")).toContain(SUBSCRIPTION);
    });

    it("paid now: a receipt with the amount charged today", async () => {
      const { userId, email } = await mailer.registered();
      await activated(userId, { plan: "pro", planName: "Pro", priceCents: 2999, channelAllowance: 25 });
      const [mail, ...more] = await mailer.mailTo(email);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe("Receipt for your Pro plan: $29.99");
      expect(mail?.text).toContain("Charged today: $29.99");
      expect(mail?.text).toContain("Renews on: 23 December 2026");
    });

    it("chosen during the trial, then charged as it ends: a receipt for the first month", async () => {
      const { userId, email } = await mailer.registered();
      await choseDuringTrial(userId);
      const converted = {
        userId,
        plan: "premium" as const,
        channelAllowance: 5,
        planName: "Premium",
        amountCents: 999,
        currentPeriodEnd: "2026-12-30T09:00:00.000Z",
        testMode: false,
      };
      await mailer.deliver("trial.converted", converted);
      const receipts = (await mailer.mailTo(email)).filter((mail) => mail.subject?.startsWith("Receipt"));
      expect(receipts.map((mail) => mail.subject)).toEqual(["Receipt for your Premium plan: $9.99"]);
      expect(receipts[0]?.text).toContain("Charged today: $9.99");
      expect(receipts[0]?.text).toContain("Renews on: 30 December 2026");
    });
  });

  describe("the trial's reminder, three days before its end", () => {
    it("with a card saved: the amount, the date it is charged and how to cancel", async () => {
      const { userId, email } = await mailer.registered();
      await choseDuringTrial(userId);
      await mailer.deliver("trial.ending", {
        userId,
        trialEndsAt: TRIAL_END,
        plan: "premium",
        planName: "Premium",
        amountCents: 999,
        cardSaved: true,
        testMode: false,
      });
      const mail = await mailWithSubject(
        email,
        "Your Premium plan starts on 30 November 2026: $9.99 to your saved card",
      );
      expect(mail.text).toContain("$9.99 is charged to your saved card on 30 November 2026");
      expect(mail.text).toContain("open Settings › Subscription and choose Cancel Subscription");
      expect(linksOf(mail.html || "")).toContain(SUBSCRIPTION);
    });

    it("without a card: that the digests stop, and how to choose a plan", async () => {
      const { userId, email } = await mailer.registered();
      await mailer.deliver("trial.ending", { userId, trialEndsAt: TRIAL_END, plan: null, cardSaved: false });
      const mail = await mailWithSubject(email, "Your tubedigest trial ends on 30 November 2026");
      expect(mail.text).toContain("After that the digests stop.");
      expect(mail.text).toContain("Choose a plan: https://digest.example.com/subscribe");
      expect(mail.text).not.toMatch(/\$\d/);
    });

    it("without a card is not sent once a plan was chosen before it went out", async () => {
      const { userId, email } = await mailer.registered();
      holdBackWhatIsQueued();
      await mailer.deliver("trial.ending", { userId, trialEndsAt: TRIAL_END, plan: null, cardSaved: false });
      await choseDuringTrial(userId);
      mailer.setNow(undefined);
      expect(await subjectsTo(email)).toEqual(["Your Premium plan starts on 30 November 2026"]);
      expect(await messageKeyed(`trial-ending:${userId}`)).toMatchObject({ status: "suppressed" });
    });
  });

  it("tells a reader whose card was declined how to give another, and that the digests go on", async () => {
    const { userId, email } = await mailer.registered();
    await mailer.deliver("subscription.payment-failed", {
      userId,
      plan: "premium",
      channelAllowance: 5,
      planName: "Premium",
      amountCents: 999,
      failedAt: "2026-12-23T09:00:00.000Z",
      nextAttemptAt: "2026-12-26T09:00:00.000Z",
    });
    const mail = await mailWithSubject(email, "Your payment for Premium did not go through");
    expect(mail.text).toContain("We tried to charge $9.99 for your Premium plan");
    expect(mail.text).toContain(
      "Your digests keep coming while we try again: the next attempt is on 26 December 2026.",
    );
    expect(mail.text).toContain("open Settings › Subscription and choose Manage Billing");
    expect(linksOf(mail.html || "")).toContain(SUBSCRIPTION);
  });

  describe("changing the plan", () => {
    it("down: when it takes effect, and the plan kept until then", async () => {
      const { userId, email } = await mailer.registered();
      await activated(userId, { plan: "pro", planName: "Pro", priceCents: 2999, channelAllowance: 25 });
      await mailer.deliver("subscription.change-scheduled", {
        userId,
        plan: "pro",
        channelAllowance: 25,
        nextPlan: "premium",
        nextPlanName: "Premium",
        nextPriceCents: 999,
        effectiveAt: PERIOD_END,
      });
      const mail = await mailWithSubject(email, "Your plan moves to Premium on 23 December 2026");
      expect(mail.text).toContain(
        "You keep your Pro plan until 23 December 2026. Then it becomes Premium ($9.99/month).",
      );
      expect(linksOf(mail.html || "")).toContain(SUBSCRIPTION);
    });

    it("up: what the move charged today", async () => {
      const { userId, email } = await mailer.registered();
      await activated(userId);
      await mailer.deliver("subscription.changed", {
        userId,
        plan: "pro",
        planName: "Pro",
        priceCents: 2999,
        channelAllowance: 25,
        previousPlan: "premium",
        effectiveAt: new Date().toISOString(),
        amountCents: 1333,
      });
      const mail = await mailWithSubject(email, "Your plan is now Pro: $13.33 charged today");
      expect(mail.text).toContain("Charged today: $13.33 to your saved card");
      expect(mail.text).toContain("the plan costs $29.99/month");
    });

    it("up in test mode: no amount said to be charged", async () => {
      const { userId, email } = await mailer.registered();
      await activated(userId, { testMode: true });
      await mailer.deliver("subscription.changed", {
        userId,
        plan: "pro",
        planName: "Pro",
        priceCents: 2999,
        channelAllowance: 25,
        previousPlan: "premium",
        effectiveAt: new Date().toISOString(),
        amountCents: 1333,
      });
      const mail = await mailWithSubject(email, "Your plan is now Pro");
      expect(mail.text).toContain("It was changed in test mode, so nothing is charged.");
      expect(mail.text).not.toContain("$13.33");
    });
  });

  describe("cancelling and resuming", () => {
    it("says until when a cancelled plan lasts and how to resume it, then that it goes on", async () => {
      const { userId, email } = await mailer.registered();
      await activated(userId);
      await cancelled(userId);
      const cancellation = await mailWithSubject(
        email,
        "Your Premium plan is cancelled: access until 23 December 2026",
      );
      expect(cancellation.text).toContain("Choose Resume in Settings › Subscription before 23 December 2026");
      expect(linksOf(cancellation.html || "")).toContain(SUBSCRIPTION);
      await resumed(userId);
      const resumption = await mailWithSubject(email, "Your Premium plan is resumed");
      expect(resumption.text).toContain("it no longer ends on 23 December 2026");
    });

    it("sends no cancellation that was undone before it went out", async () => {
      const { userId, email } = await mailer.registered();
      await activated(userId);
      await mailer.mailTo(email);
      holdBackWhatIsQueued();
      await cancelled(userId);
      await resumed(userId);
      mailer.setNow(undefined);
      expect(await subjectsTo(email)).toEqual([
        "Receipt for your Premium plan: $9.99",
        "Your Premium plan is resumed",
      ]);
      const cancellation = await mailer.database.db
        .selectFrom("messages")
        .select(["status", "last_error"])
        .where("user_id", "=", userId)
        .where("template", "=", "cancellation")
        .executeTakeFirst();
      expect(cancellation).toEqual({
        status: "suppressed",
        last_error: "not sent: the plan was resumed since",
      });
    });

    it("is not undone by a cancellation arriving after the resumption that followed it", async () => {
      const { userId, email } = await mailer.registered();
      await activated(userId);
      const cancelledAt = new Date();
      await resumed(userId);
      // The cancellation's event comes late (retried), after the resumption's.
      const cancel = await mailer.testBus.bus.publish(
        "subscription.cancelled",
        { userId, plan: "premium", channelAllowance: 5, endsAt: PERIOD_END },
        { correlationId: "test", occurredAt: new Date(cancelledAt.getTime() - 60_000) },
      );
      await eventually(() =>
        mailer.database.db
          .selectFrom("inbox")
          .select("event_id")
          .where("event_id", "=", cancel.id)
          .executeTakeFirst(),
      );
      const recipient = await mailer.database.db
        .selectFrom("recipients")
        .select(["paying", "access_ends_at"])
        .where("user_id", "=", userId)
        .executeTakeFirst();
      expect(recipient).toEqual({ paying: true, access_ends_at: null });
      expect(await subjectsTo(email)).not.toContain(
        "Your Premium plan is cancelled: access until 23 December 2026",
      );
    });
  });

  it("sends each once however often billing's event is delivered", async () => {
    const { userId, email } = await mailer.registered();
    const publish = <Name extends Parameters<typeof mailer.deliver>[0]>(name: Name, data: EventData<Name>) =>
      mailer.testBus.bus.publish(name, data, { correlationId: "test" });
    const events = [
      await publish("subscription.activated", {
        userId,
        plan: "premium",
        planName: "Premium",
        priceCents: 999,
        channelAllowance: 5,
        currentPeriodEnd: TRIAL_END,
        testMode: false,
        trialEndsAt: TRIAL_END,
      }),
      await publish("subscription.payment-failed", {
        ...contractOf("subscription.payment-failed").example,
        userId,
      }),
      await publish("subscription.change-scheduled", {
        ...contractOf("subscription.change-scheduled").example,
        userId,
      }),
      await publish("trial.converted", { ...contractOf("trial.converted").example, userId }),
    ];
    for (const event of events) await mailer.testBus.bus.publishEvent(event);
    // Handled after every one of them on the same queue.
    await resumed(userId);
    expect((await subjectsTo(email)).sort()).toEqual([
      "Receipt for your Premium plan: $9.99",
      "Your Premium plan is resumed",
      "Your Premium plan starts on 30 November 2026",
      "Your payment for Premium did not go through",
      "Your plan moves to Premium on 22 December 2026",
    ]);
  });
});
