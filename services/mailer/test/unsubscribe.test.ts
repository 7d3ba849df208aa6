import { randomUUID } from "node:crypto";
import { contractOf } from "@tubedigest/contracts";
import { callerHeaders } from "@tubedigest/http/caller-proof";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unsubscribeKeyFrom, unsubscribeToken } from "../src/domain/unsubscribe-token.ts";
import { IDENTITY_SECRET, type MailerUnderTest, startMailer } from "./support/mailer-harness.ts";

describe("one-click unsubscribe from the digest (RFC 8058; real Postgres, RabbitMQ and SMTP)", () => {
  let mailer: MailerUnderTest;
  beforeAll(async () => {
    mailer = await startMailer();
  });
  afterAll(() => mailer.stop());

  /** A digest mailed to a new user, and the unsubscribe link its header carries. */
  async function digestLink() {
    const user = await mailer.registered();
    await mailer.deliver("newsletter.composed", {
      ...contractOf("newsletter.composed").example,
      newsletterId: randomUUID(),
      userId: user.userId,
    });
    const [mail] = await mailer.mailTo(user.email);
    const header = mail?.headerLines.find((line) => line.key === "list-unsubscribe")?.line ?? "";
    const url = new URL(/<(https:[^>]+)>/.exec(header)?.[1] ?? "https://invalid");
    return { ...user, path: `${url.pathname}${url.search}`, token: url.searchParams.get("token") ?? "" };
  }
  const unsubscribedAt = async (userId: string) =>
    (
      await mailer.database.db
        .selectFrom("recipients")
        .select("unsubscribed_at")
        .where("user_id", "=", userId)
        .executeTakeFirst()
    )?.unsubscribed_at;
  const oneClick = (path: string) =>
    mailer.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });

  it("only asks on GET (link checkers open links), and unsubscribes on the one-click POST, with no session", async () => {
    const { userId, path } = await digestLink();
    const page = await mailer.app.inject({ method: "GET", url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("Unsubscribe from the weekly digest?");
    expect(page.body).toContain('<form method="post"');
    // The site's header: the logo home, drawn inline (the policy loads no image from elsewhere).
    expect(page.body).toMatch(
      /<header class="site-header">.*<a class="logo" href="\/" aria-label="tubedigest home"><svg/s,
    );
    // Its inline styles apply; no script may run.
    expect(page.headers["content-security-policy"]).toContain("style-src 'unsafe-inline'");
    expect(page.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(await unsubscribedAt(userId)).toBeNull();

    const done = await oneClick(path);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("You are unsubscribed");
    expect(done.body).toContain("Re-subscribe");
    expect(await unsubscribedAt(userId)).toBeInstanceOf(Date);
    // A second click (or the mail client's retry) changes nothing and announces nothing more.
    expect((await oneClick(path)).statusCode).toBe(200);
    const events = (await mailer.published("digest.unsubscribed")).filter(
      (event) => event.data.userId === userId,
    );
    expect(events).toHaveLength(1);
    // The event says when, the moment the mailer stopped the digest.
    expect(events[0]?.data.at).toBe((await unsubscribedAt(userId))?.toISOString());
  });

  it("answers a link whose user the mailer does not know (a deleted account) with a 404 page, announcing nothing", async () => {
    const userId = randomUUID();
    const token = unsubscribeToken(unsubscribeKeyFrom(IDENTITY_SECRET), userId);
    const reply = await oneClick(`/api/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(reply.statusCode).toBe(404);
    expect(reply.body).toContain("latest e-mail");
    const events = (await mailer.published("digest.unsubscribed")).filter(
      (event) => event.data.userId === userId,
    );
    expect(events).toEqual([]);
  });

  it("sends no digest to someone who unsubscribed, and again after they re-subscribe", async () => {
    const { userId, email, path, token } = await digestLink();
    await oneClick(path);
    const compose = () =>
      mailer.deliver("newsletter.composed", {
        ...contractOf("newsletter.composed").example,
        newsletterId: randomUUID(),
        userId,
      });
    await compose();
    expect(await mailer.mailTo(email)).toHaveLength(1);

    const undo = await mailer.app.inject({
      method: "POST",
      url: `/api/unsubscribe/undo?token=${encodeURIComponent(token)}`,
    });
    expect(undo.statusCode).toBe(200);
    expect(undo.body).toContain("You are subscribed again");
    expect(await unsubscribedAt(userId)).toBeNull();
    expect(
      (await mailer.published("digest.resubscribed")).filter((event) => event.data.userId === userId),
    ).toHaveLength(1);
    await compose();
    expect(await mailer.mailTo(email)).toHaveLength(2);
  });

  it.each([
    ["a forged signature", (token: string) => `${token.slice(0, -4)}AAAA`],
    [
      "another user's id with this signature",
      (token: string) => token.replace(/v2\.[0-9a-f]/, (start) => (start.endsWith("0") ? "v2.1" : "v2.0")),
    ],
    ["no token", () => ""],
    ["garbage", () => "<script>alert(1)</script>"],
  ])("refuses %s with a 400 page saying what to do, changing nothing", async (_, forge) => {
    const { userId, token } = await digestLink();
    const forged = forge(token);
    for (const method of ["GET", "POST"] as const) {
      const reply = await mailer.app.inject({
        method,
        url: `/api/unsubscribe?token=${encodeURIComponent(forged)}`,
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.body).toContain("latest e-mail");
      expect(reply.body).not.toContain("<script>alert");
    }
    expect(await unsubscribedAt(userId)).toBeNull();
  });

  const asReader = (userId: string) => callerHeaders(IDENTITY_SECRET, userId, randomUUID());

  it("tells a paying reader that unsubscribing leaves the plan on, with the ways to cancel or pause it", async () => {
    const { userId, path } = await digestLink();
    const planNote = "Your paid plan stays active and renews as before";
    expect((await mailer.app.inject({ method: "GET", url: path })).body).not.toContain(planNote);
    await mailer.deliver("subscription.activated", {
      ...contractOf("subscription.activated").example,
      userId,
    });
    const asked = await mailer.app.inject({ method: "GET", url: path });
    expect(asked.body).toContain(planNote);
    const done = await oneClick(path);
    expect(done.body).toContain("You are unsubscribed");
    expect(done.body).toContain(planNote);
    expect(done.body).toContain('href="/settings?tab=subscription"');
    expect(done.body).toContain('href="/settings?tab=account"');
  });

  it("shows the signed-in reader e-mail delivery off after an unsubscribe, and turns it back on", async () => {
    const { userId, path } = await digestLink();
    const delivery = () =>
      mailer.app.inject({ method: "GET", url: "/api/user/email-delivery", headers: asReader(userId) });
    expect((await delivery()).json()).toEqual({ on: true, offSince: null });
    await oneClick(path);
    const off = (await delivery()).json();
    expect(off).toEqual({ on: false, offSince: (await unsubscribedAt(userId))?.toISOString() });

    const resumed = await mailer.app.inject({
      method: "POST",
      url: "/api/user/email-delivery/resume",
      headers: asReader(userId),
    });
    expect(resumed.json()).toEqual({ on: true, offSince: null });
    expect(await unsubscribedAt(userId)).toBeNull();
    expect(
      (await mailer.published("digest.resubscribed")).filter((event) => event.data.userId === userId),
    ).toHaveLength(1);
    // Nobody else's, and nobody's without a session.
    expect((await mailer.app.inject({ method: "GET", url: "/api/user/email-delivery" })).statusCode).toBe(
      401,
    );
  });
});
