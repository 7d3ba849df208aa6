import { randomUUID } from "node:crypto";
import { callerHeaders, claimHolderHeaders } from "@tubedigest/http";
import { ANY_CONTENT_TYPE, emailAddress, hostileBodies, hostileText } from "@tubedigest/testing";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IDENTITY_SECRET, linksOf, type MailerUnderTest, startMailer } from "./support/mailer-harness.ts";

const DAY = 24 * 60 * 60 * 1000;
const BULLETS = [
  "A rocket carries its own oxidiser.",
  "Specific impulse compares engines.",
  "Goddard flew first in 1926.",
];

describe("POST /api/send-abandonment-email (real Postgres and SMTP, the clock moved)", () => {
  let mailer: MailerUnderTest;
  beforeAll(async () => {
    mailer = await startMailer();
  });
  afterAll(() => mailer.stop());
  /** Two days on: the accounts' welcomes, sent a moment ago by the real clock, are more than a day old. */
  let started: number;
  beforeEach(() => {
    started = Date.now() + 2 * DAY;
    mailer.setNow(new Date(started));
  });
  afterEach(() => mailer.setNow(undefined));

  const ask = (payload: unknown, headers: Record<string, string> = {}, contentType = "application/json") =>
    mailer.app.inject({
      method: "POST",
      url: "/api/send-abandonment-email",
      headers: { ...headers, "content-type": contentType },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });
  /** What a browser sends (SPEC §3): its channel name and bullets are its own words. */
  const body = (email: string) => ({
    email,
    channelName: "Reset your password at https://evil.example",
    summaryBullets: ["Your account is locked: https://evil.example/unlock"],
  });
  const holding = (userId: string) => claimHolderHeaders(IDENTITY_SECRET, userId, randomUUID());
  const signedIn = (userId: string) => callerHeaders(IDENTITY_SECRET, userId, randomUUID());
  const reminders = async (email: string) =>
    (await mailer.mailTo(email)).filter((mail) => mail.subject?.includes("one step away"));

  /** An account welcomed (its trial started) whose preview of Pocket Orbit the summariser recorded. */
  async function previewed(input: { preview?: boolean } = {}) {
    const account = await mailer.registered();
    await mailer.deliver("trial.started", {
      userId: account.userId,
      trialEndsAt: new Date(Date.now() + 7 * DAY).toISOString(),
    });
    if (input.preview ?? true) {
      await mailer.deliver("preview.shown", {
        userId: account.userId,
        channelTitle: "Pocket Orbit",
        bullets: BULLETS,
        shownAt: new Date().toISOString(),
      });
    }
    return account;
  }

  it("writes the reminder from the recorded preview, never the browser's words, and links back to the preview", async () => {
    const account = await previewed();
    const reply = await ask(body(account.email), holding(account.userId));
    expect(reply.statusCode).toBe(202);
    const [mail, ...more] = await reminders(account.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Your weekly digest of Pocket Orbit is one step away");
    for (const bullet of BULLETS) expect(mail?.text).toContain(bullet);
    expect(`${mail?.subject} ${mail?.text} ${mail?.html}`).not.toMatch(
      /evil\.example|locked|Reset your password/,
    );
    expect(linksOf(String(mail?.html))).toContain("https://digest.example.com/preview");
    expect(mail?.text).not.toContain("You have no account");
  });

  it("sends nothing for a stranger or another account naming someone's address, answering as for anyone", async () => {
    const alice = await previewed();
    const mallory = await previewed();
    const anyone = await ask(body(`${randomUUID().slice(0, 8)}@example.com`));
    const stranger = await ask(body(alice.email));
    const otherAccount = await ask(body(alice.email), holding(mallory.userId));
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
    expect(await reminders(account.email)).toHaveLength(1);

    mailer.setNow(new Date(started + 7 * DAY + 60_000));
    expect((await ask(body(account.email), signedIn(account.userId))).statusCode).toBe(202);
    expect(await reminders(account.email)).toHaveLength(2);
  });

  it("sends none without a recorded preview, nor within a day of the welcome, which invites back to the preview itself", async () => {
    const unpreviewed = await previewed({ preview: false });
    expect((await ask(body(unpreviewed.email), holding(unpreviewed.userId))).statusCode).toBe(202);
    expect(await reminders(unpreviewed.email)).toHaveLength(0);

    const newcomer = await previewed();
    mailer.setNow(new Date(Date.now() + 23 * 3_600_000));
    expect((await ask(body(newcomer.email), holding(newcomer.userId))).statusCode).toBe(202);
    const mails = await mailer.mailTo(newcomer.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Welcome to tubedigest: your 7-day trial has started",
    ]);
    expect(linksOf(String(mails[0]?.html))).toContain("https://digest.example.com/preview");
    expect(mails[0]?.text).toContain("Pick up where you left off");
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
