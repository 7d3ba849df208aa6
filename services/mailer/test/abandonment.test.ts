import { randomUUID } from "node:crypto";
import { callerHeaders, claimHolderHeaders } from "@tubedigest/http/caller-proof";
import { eventually } from "@tubedigest/testing/eventually";
import {
  ANY_CONTENT_TYPE,
  emailAddress,
  hostileBodies,
  hostileText,
} from "@tubedigest/testing/hostile-input";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  IDENTITY_SECRET,
  LANDING_WELCOME_DELAY_MS,
  linksOf,
  type MailerUnderTest,
  startMailer,
} from "./support/mailer-harness.ts";

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** The previewed channel's public id, which the link back to the preview carries. */
const CHANNEL_ID = `UC${"o".repeat(22)}`;
const PREVIEW_LINK = `https://digest.example.com/preview?channel=${CHANNEL_ID}`;
const BULLETS = [
  "A rocket carries its own oxidiser.",
  "Specific impulse compares engines.",
  "Goddard flew first in 1926.",
];

describe("POST /api/send-abandonment-email (real Postgres and SMTP, the clock moved)", () => {
  let mailer: MailerUnderTest;
  beforeAll(async () => {
    // Its dispatcher looks by itself once an hour: what goes out during a test went out because it was woken.
    mailer = await startMailer({ dispatcherPollMs: HOUR });
  });
  afterAll(() => mailer.stop());
  /** The test's moment, two days on (the accounts' welcomes go out on the day before it). */
  let started: number;
  beforeEach(() => {
    started = Date.now() + 2 * DAY;
    setClock(started);
  });
  afterEach(() => mailer.setNow(undefined));

  const ask = (payload: unknown, headers: Record<string, string> = {}, contentType = "application/json") =>
    mailer.app.inject({
      method: "POST",
      url: "/api/send-abandonment-email",
      headers: { ...headers, "content-type": contentType },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });
  /** What a browser sends (docs/product.md#data-shapes): its channel name and bullets are its own words. */
  const body = (email: string) => ({
    email,
    channelName: "Reset your password at https://evil.example",
    summaryBullets: ["Your account is locked: https://evil.example/unlock"],
  });
  const holding = (userId: string) => claimHolderHeaders(IDENTITY_SECRET, userId, randomUUID());
  const signedIn = (userId: string) => callerHeaders(IDENTITY_SECRET, userId, randomUUID());
  /** What the mailer logged as the last request's outcome (the reply is the same whatever happened). */
  const outcome = () => mailer.logged("abandonment e-mail requested").at(-1)?.outcome;
  const reminders = async (email: string) =>
    (await mailer.mailTo(email)).filter((mail) => mail.subject?.includes("one step away"));
  /** Waits (5 s at most) until the SMTP server took `count` messages for `email`, the dispatcher not asked to look. */
  const arrived = (email: string, count: number) =>
    eventually(
      () =>
        mailer.smtp.messages.filter((message) => message.envelope.to.includes(email)).length >= count
          ? true
          : undefined,
      5_000,
    );

  const shown = (userId: string, shownAt: Date) =>
    mailer.deliver("preview.shown", {
      userId,
      channelTitle: "Pocket Orbit",
      channelId: CHANNEL_ID,
      bullets: BULLETS,
      shownAt: shownAt.toISOString(),
    });
  const trialStarted = (userId: string) =>
    mailer.deliver("trial.started", {
      userId,
      trialEndsAt: new Date(clock + 7 * DAY).toISOString(),
    });
  /** The mailer's clock, as the test last set it. */
  let clock = 0;
  const setClock = (at: number) => {
    clock = at;
    mailer.setNow(new Date(at));
  };

  /**
   * An account (a password sign-up) welcomed the day before the test's moment, whose preview of Pocket
   * Orbit the summariser recorded.
   */
  async function previewed(input: { preview?: boolean } = {}) {
    setClock(started - DAY);
    const account = await mailer.registered();
    await trialStarted(account.userId);
    await mailer.settle();
    setClock(started);
    if (input.preview ?? true) await shown(account.userId, new Date());
    return account;
  }

  it("writes the reminder from the recorded preview, never the browser's words, and links back to the preview", async () => {
    const account = await previewed();
    const reply = await ask(body(account.email), holding(account.userId));
    expect(reply.statusCode).toBe(202);
    expect(outcome()).toBe("reminder");
    const [mail, ...more] = await reminders(account.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Your weekly digest of Pocket Orbit is one step away");
    for (const bullet of BULLETS) expect(mail?.text).toContain(bullet);
    expect(`${mail?.subject} ${mail?.text} ${mail?.html}`).not.toMatch(
      /evil\.example|locked|Reset your password/,
    );
    expect(linksOf(String(mail?.html))).toContain(PREVIEW_LINK);
    expect(mail?.text).toContain(`Pick up where you left off: ${PREVIEW_LINK}`);
    expect(mail?.text).not.toContain("You have no account");
  });

  it("sends the reminder at once, without waiting for the dispatcher's next look", async () => {
    const account = await previewed();
    expect((await ask(body(account.email), holding(account.userId))).statusCode).toBe(202);
    await arrived(account.email, 2);
    expect(await reminders(account.email)).toHaveLength(1);
  });

  it("sends nothing for a stranger or another account naming someone's address, answering as for anyone", async () => {
    const alice = await previewed();
    const mallory = await previewed();
    const anyone = await ask(body(`${randomUUID().slice(0, 8)}@example.com`));
    expect(outcome()).toBe("none");
    const stranger = await ask(body(alice.email));
    const otherAccount = await ask(body(alice.email), holding(mallory.userId));
    expect(outcome()).toBe("none");
    const displayName = await ask(body(`x<${alice.email}>`), holding(alice.userId));
    for (const reply of [stranger, otherAccount]) {
      expect(reply.statusCode).toBe(anyone.statusCode);
      expect(reply.json()).toEqual(anyone.json());
    }
    expect(displayName.statusCode).toBe(400);
    expect(await reminders(alice.email)).toHaveLength(0);
    expect(await reminders(mallory.email)).toHaveLength(0);
  });

  it("sends a signed-in user's own, once for requests at the same moment, then none for 7 days, then again", async () => {
    const account = await previewed();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        ask(body(` ${account.email.toUpperCase()} `), signedIn(account.userId)),
      ),
    );
    for (const reply of replies) expect(reply.statusCode).toBe(202);
    expect(await reminders(account.email)).toHaveLength(1);

    mailer.setNow(new Date(started + 7 * DAY - 60_000));
    expect((await ask(body(account.email), signedIn(account.userId))).statusCode).toBe(202);
    expect(outcome()).toBe("none");
    expect(await reminders(account.email)).toHaveLength(1);

    mailer.setNow(new Date(started + 7 * DAY + 60_000));
    expect((await ask(body(account.email), signedIn(account.userId))).statusCode).toBe(202);
    expect(await reminders(account.email)).toHaveLength(2);
  });

  it("sends none without a recorded preview", async () => {
    const unpreviewed = await previewed({ preview: false });
    expect((await ask(body(unpreviewed.email), holding(unpreviewed.userId))).statusCode).toBe(202);
    expect(outcome()).toBe("none");
    expect(await reminders(unpreviewed.email)).toHaveLength(0);
  });

  it("sends none to an account that pays or unsubscribed, answering exactly as for a stranger", async () => {
    const payer = await previewed();
    await mailer.deliver("subscription.activated", {
      userId: payer.userId,
      plan: "solo",
      channelAllowance: 1,
      currentPeriodEnd: "2026-12-23T09:00:00.000Z",
      testMode: true,
    });
    const stranger = await ask(body(`${randomUUID().slice(0, 8)}@example.com`));
    const paying = await ask(body(payer.email), holding(payer.userId));
    expect(outcome()).toBe("none");
    expect(paying.statusCode).toBe(stranger.statusCode);
    expect(paying.json()).toEqual(stranger.json());
    expect(await reminders(payer.email)).toHaveLength(0);

    const quitter = await previewed();
    await mailer.database.db
      .updateTable("recipients")
      .set({ unsubscribed_at: new Date() })
      .where("user_id", "=", quitter.userId)
      .execute();
    expect((await ask(body(quitter.email), holding(quitter.userId))).json()).toEqual(stranger.json());
    expect(await reminders(quitter.email)).toHaveLength(0);
  });

  it("keeps the latest preview, whatever order the summariser's events arrive in", async () => {
    const account = await previewed();
    await mailer.deliver("preview.shown", {
      userId: account.userId,
      channelTitle: "An older preview",
      bullets: [],
      shownAt: new Date(Date.now() - 60_000).toISOString(),
    });
    await ask(body(account.email), holding(account.userId));
    const [mail] = await reminders(account.email);
    expect(mail?.subject).toBe("Your weekly digest of Pocket Orbit is one step away");
  });

  describe("a landing-page visitor's first sitting: one message, the welcome, worded for both", () => {
    const WAITING = "Welcome to tubedigest: your preview of Pocket Orbit is waiting";
    const WELCOME = "Welcome to tubedigest: your 7-day trial has started";
    const REMINDER = "Your weekly digest of Pocket Orbit is one step away";
    const subjects = async (email: string) => (await mailer.mailTo(email)).map((mail) => mail.subject);

    /** Signed up on the landing page at the test's moment (e-mail only), its trial started, its preview recorded. */
    async function visitor() {
      const account = await mailer.registered({ passwordless: true });
      await shown(account.userId, new Date());
      await trialStarted(account.userId);
      return account;
    }

    it("holds the welcome a while; leaving the preview meanwhile sends it at once, carrying catalog's title, the preview's points and the link back", async () => {
      const account = await visitor();
      expect(await subjects(account.email)).toEqual([]);

      setClock(started + 5 * 60_000);
      const replies = await Promise.all(
        Array.from({ length: 4 }, () => ask(body(account.email), holding(account.userId))),
      );
      for (const reply of replies) expect(reply.statusCode).toBe(202);
      const [mail, ...more] = await mailer.mailTo(account.email);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe(WAITING);
      expect(mail?.text).toContain("Your 7-day free trial has started");
      expect(mail?.text).toContain("You previewed tubedigest's weekly summary of Pocket Orbit.");
      for (const bullet of BULLETS) expect(mail?.text).toContain(bullet);
      expect(mail?.text).toContain(`Back to your preview: ${PREVIEW_LINK}`);
      expect(linksOf(String(mail?.html))).toContain(PREVIEW_LINK);
      expect(`${mail?.subject} ${mail?.text} ${mail?.html}`).not.toMatch(
        /evil\.example|locked|Reset your password/,
      );

      // Past the welcome's wait, a retried request and the next day: nothing more (its week is taken).
      setClock(started + LANDING_WELCOME_DELAY_MS + 60_000);
      expect((await ask(body(account.email), holding(account.userId))).statusCode).toBe(202);
      setClock(started + DAY);
      expect((await ask(body(account.email), holding(account.userId))).statusCode).toBe(202);
      expect(await subjects(account.email)).toEqual([WAITING]);
    });

    it("sends the welcome rewritten to carry the preview at once, not when it was due", async () => {
      const account = await visitor();
      setClock(started + 5 * 60_000);
      expect((await ask(body(account.email), holding(account.userId))).statusCode).toBe(202);
      expect(outcome()).toBe("in-welcome");
      await arrived(account.email, 1);
      expect(await subjects(account.email)).toEqual([WAITING]);
    });

    it("carries a reminder asked for before the trial started in the welcome, sent as soon as it is queued", async () => {
      const account = await mailer.registered({ passwordless: true });
      await shown(account.userId, new Date());
      expect((await ask(body(account.email), holding(account.userId))).statusCode).toBe(202);
      expect(outcome()).toBe("owed-to-welcome");
      expect(await subjects(account.email)).toEqual([]);
      await trialStarted(account.userId);
      expect(await subjects(account.email)).toEqual([WAITING]);
    });

    it("waits for a preview still on its way when the visitor leaves the moment it appeared", async () => {
      const account = await mailer.registered({ passwordless: true });
      await trialStarted(account.userId);
      const leaving = ask(body(account.email), holding(account.userId));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await shown(account.userId, new Date());
      expect((await leaving).statusCode).toBe(202);
      expect(await subjects(account.email)).toEqual([WAITING]);
    });

    it("sends no reminder after a welcome that went out earlier the same day, and the ordinary one the next day", async () => {
      const account = await visitor();
      setClock(started + LANDING_WELCOME_DELAY_MS + 60_000);
      const [welcome] = await mailer.mailTo(account.email);
      expect(welcome?.subject).toBe(WELCOME);
      expect(welcome?.text).toContain(
        `Pick up where you left off, and choose a plan there. Back to your preview: ${PREVIEW_LINK}`,
      );

      setClock(started + 3 * HOUR);
      expect((await ask(body(account.email), holding(account.userId))).statusCode).toBe(202);
      expect(outcome()).toBe("none");
      expect(await subjects(account.email)).toEqual([WELCOME]);

      setClock(started + DAY);
      expect((await ask(body(account.email), signedIn(account.userId))).statusCode).toBe(202);
      expect(await subjects(account.email)).toEqual([
        WELCOME,
        "Your weekly digest of Pocket Orbit is one step away",
      ]);
    });

    it("reminds once the welcome's 12 hours have passed since it went out, not a millisecond before", async () => {
      const account = await visitor();
      const welcomedAt = started + LANDING_WELCOME_DELAY_MS;
      setClock(welcomedAt);
      expect(await subjects(account.email)).toEqual([WELCOME]);

      setClock(welcomedAt + 12 * HOUR - 1);
      expect((await ask(body(account.email), holding(account.userId))).statusCode).toBe(202);
      expect(await subjects(account.email)).toEqual([WELCOME]);
      setClock(welcomedAt + 12 * HOUR);
      expect((await ask(body(account.email), holding(account.userId))).statusCode).toBe(202);
      expect(await subjects(account.email)).toEqual([WELCOME, REMINDER]);
    });

    /** Moves the account's welcome to `status`, as the dispatcher would. */
    const setWelcomeStatus = (userId: string, status: "pending" | "sending" | "failed") =>
      mailer.database.db
        .updateTable("messages")
        .set({ status })
        .where("natural_key", "=", `welcome:${userId}`)
        .execute();
    const queuedFor = async (userId: string) =>
      (
        await mailer.database.db
          .selectFrom("messages")
          .select("subject")
          .where("user_id", "=", userId)
          .orderBy("created_at")
          .execute()
      ).map((message) => message.subject);

    it("counts a welcome being sent as the day's message, leaving it as it is", async () => {
      const account = await visitor();
      await setWelcomeStatus(account.userId, "sending");
      try {
        expect((await ask(body(account.email), holding(account.userId))).statusCode).toBe(202);
        expect(await queuedFor(account.userId)).toEqual([WELCOME]);
      } finally {
        await setWelcomeStatus(account.userId, "pending");
      }
    });

    it("counts a waiting welcome it cannot write anew (queued before the trial's end was kept) as the day's message", async () => {
      const account = await visitor();
      await mailer.database.db
        .updateTable("recipients")
        .set({ trial_ends_at: null })
        .where("user_id", "=", account.userId)
        .execute();
      expect((await ask(body(account.email), holding(account.userId))).statusCode).toBe(202);
      setClock(started + LANDING_WELCOME_DELAY_MS);
      expect(await subjects(account.email)).toEqual([WELCOME]);
    });

    it("reminds after a welcome that never reached the address", async () => {
      const account = await visitor();
      await setWelcomeStatus(account.userId, "failed");
      expect((await ask(body(account.email), holding(account.userId))).statusCode).toBe(202);
      expect(await subjects(account.email)).toEqual([REMINDER]);
    });

    it("keeps a password sign-up's welcome immediate", async () => {
      const account = await mailer.registered();
      await trialStarted(account.userId);
      expect(await subjects(account.email)).toEqual([WELCOME]);
    });
  });

  it.each([
    ["four bullets", { ...body("a@example.com"), summaryBullets: ["a", "b", "c", "d"] }, /At most 3/],
    ["no e-mail", { channelName: null, summaryBullets: [] }, /valid email/],
    ["an invalid e-mail", { ...body("not-an-address"), channelName: null }, /valid email/],
    [
      "a NUL in the channel name",
      { ...body("a@example.com"), channelName: "Pocket\u0000Orbit" },
      /control characters/,
    ],
    [
      "a bullet of 501 characters",
      { ...body("a@example.com"), summaryBullets: ["x".repeat(501)] },
      /at most 500/,
    ],
    [
      "an unknown field",
      { ...body("a@example.com"), extra: true },
      /must NOT have additional properties|extra/,
    ],
  ])("refuses %s with a 400 and a message, sending nothing", async (_, payload, message) => {
    const sent = mailer.smtp.accepted;
    const reply = await ask(payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(message);
    await mailer.settle();
    expect(mailer.smtp.accepted).toBe(sent);
  });

  it("answers hostile bodies (controls, lone surrogates, wrong types, any content type) without a 5xx", async () => {
    const fields = {
      email: emailAddress,
      channelName: fc.option(hostileText(60), { nil: null }),
      summaryBullets: fc.array(hostileText(80), { maxLength: 4 }),
    };
    await fc.assert(
      fc.asyncProperty(hostileBodies(fields), ANY_CONTENT_TYPE, async (payload, contentType) => {
        const reply = await ask(payload, {}, contentType);
        expect(reply.statusCode, `${payload} → ${reply.body}`).toBeLessThan(500);
        expect(typeof reply.json().message).toBe("string");
      }),
      { numRuns: 120 },
    );
  });
});
