import { randomUUID } from "node:crypto";
import { ANY_CONTENT_TYPE, emailAddress, hostileBodies, hostileText } from "@tubedigest/testing";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type MailerUnderTest, startMailer } from "./support/mailer-harness.ts";

const DAY = 24 * 60 * 60 * 1000;

describe("POST /api/send-abandonment-email (real Postgres and SMTP, the clock moved)", () => {
  let mailer: MailerUnderTest;
  beforeAll(async () => {
    mailer = await startMailer();
  });
  afterAll(() => mailer.stop());
  afterEach(() => mailer.setNow(undefined));

  const ask = (payload: unknown, contentType = "application/json") =>
    mailer.app.inject({
      method: "POST",
      url: "/api/send-abandonment-email",
      headers: { "content-type": contentType },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });
  const body = (email: string) => ({
    email,
    channelName: "Pocket Orbit",
    summaryBullets: [
      "A rocket carries its own oxidiser.",
      "Specific impulse compares engines.",
      "Goddard flew first in 1926.",
    ],
  });
  const fresh = () => `${randomUUID().slice(0, 8)}@example.com`;

  it("sends the first channel's name and its bullets, then nothing more for 7 days, then again", async () => {
    const email = fresh();
    const started = Date.now();
    const first = await ask(body(email));
    expect(first.statusCode).toBe(202);
    const [mail] = await mailer.mailTo(email);
    expect(mail?.subject).toContain("Pocket Orbit");
    expect(mail?.text).toContain("Specific impulse compares engines.");

    mailer.setNow(new Date(started + 7 * DAY - 60_000));
    const again = await ask(body(` ${email.toUpperCase()} `));
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    expect(await mailer.mailTo(email)).toHaveLength(1);

    mailer.setNow(new Date(started + 7 * DAY + 60_000));
    expect((await ask(body(email))).statusCode).toBe(202);
    expect(await mailer.mailTo(email)).toHaveLength(2);
  });

  it("sends one for requests at the same moment", async () => {
    const email = fresh();
    const replies = await Promise.all(Array.from({ length: 5 }, () => ask(body(email))));
    for (const reply of replies) expect(reply.statusCode).toBe(202);
    expect(await mailer.mailTo(email)).toHaveLength(1);
  });

  it("sends none to an address that pays or unsubscribed, answering exactly as for a stranger", async () => {
    const payer = await mailer.registered();
    await mailer.deliver("subscription.activated", {
      userId: payer.userId,
      plan: "solo",
      channelAllowance: 1,
      currentPeriodEnd: "2026-12-23T09:00:00.000Z",
      testMode: true,
    });
    const stranger = await ask(body(fresh()));
    const paying = await ask(body(payer.email));
    expect(paying.statusCode).toBe(stranger.statusCode);
    expect(paying.json()).toEqual(stranger.json());
    const welcomeOrReceipt = await mailer.mailTo(payer.email);
    expect(welcomeOrReceipt.every((mail) => !mail.subject?.includes("Pocket Orbit"))).toBe(true);

    const quitter = await mailer.registered();
    await mailer.database.db
      .updateTable("recipients")
      .set({ unsubscribed_at: new Date() })
      .where("user_id", "=", quitter.userId)
      .execute();
    expect((await ask(body(quitter.email))).json()).toEqual(stranger.json());
    expect(await mailer.mailTo(quitter.email)).toHaveLength(0);
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
        const reply = await ask(payload, contentType);
        expect(reply.statusCode, `${payload} → ${reply.body}`).toBeLessThan(500);
        expect(typeof reply.json().message).toBe("string");
      }),
      { numRuns: 120 },
    );
  });
});
