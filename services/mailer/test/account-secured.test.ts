import { createHmac, randomUUID } from "node:crypto";
import { contractOf } from "@tubedigest/contracts";
import { callerHeaders } from "@tubedigest/http/caller-proof";
import { eventually } from "@tubedigest/testing/eventually";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unsubscribeKeyFrom } from "../src/domain/unsubscribe-token.ts";
import { IDENTITY_SECRET, linksOf, type MailerUnderTest, startMailer } from "./support/mailer-harness.ts";

/** A link as the mailer signed it before links had generations; every digest sent until then carries one. */
function v1Link(userId: string): string {
  const signature = createHmac("sha256", unsubscribeKeyFrom(IDENTITY_SECRET))
    .update(`v1\n${userId}`)
    .digest("base64url");
  return `/api/unsubscribe?token=${encodeURIComponent(`v1.${userId}.${signature}`)}`;
}

describe("account.secured: the feed and unsubscribe links someone else may have copied stop working (Postgres, RabbitMQ, SMTP)", () => {
  let mailer: MailerUnderTest;
  beforeAll(async () => {
    mailer = await startMailer();
  });
  afterAll(() => mailer.stop());

  const secured = (userId: string) => mailer.deliver("account.secured", { userId, how: "address-proven" });
  const composed = (userId: string) =>
    mailer.deliver("newsletter.composed", {
      ...contractOf("newsletter.composed").example,
      newsletterId: randomUUID(),
      userId,
    });
  const feedCall = (method: "GET" | "POST", url: string, userId?: string) =>
    mailer.app.inject({
      method,
      url,
      headers: userId ? callerHeaders(IDENTITY_SECRET, userId, randomUUID()) : {},
    });
  /** The unsubscribe link a mail's List-Unsubscribe carries, as a path on the mailer. */
  const headerLink = (mail: ParsedMail | undefined) => {
    const header = mail?.headerLines.find((line) => line.key === "list-unsubscribe")?.line ?? "";
    const url = new URL(/<(https:[^>]+)>/.exec(header)?.[1] ?? "https://invalid");
    return `${url.pathname}${url.search}`;
  };
  const bodyLink = (mail: ParsedMail | undefined) => {
    const url = new URL(
      linksOf(mail?.html || "").find((link) => link.includes("/api/unsubscribe")) ?? "https://x",
    );
    return `${url.pathname}${url.search}`;
  };
  const click = (path: string, method: "GET" | "POST" = "POST") =>
    mailer.app.inject({
      method,
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: method === "POST" ? "List-Unsubscribe=One-Click" : undefined,
    });
  const unsubscribedAt = async (userId: string) =>
    (
      await mailer.database.db
        .selectFrom("recipients")
        .select("unsubscribed_at")
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow()
    ).unsubscribed_at;

  it("moves the private feed to a new address at once: the old one answers 404, the new one the feed", async () => {
    const { userId, email } = await mailer.registered();
    await composed(userId);
    expect(await mailer.mailTo(email)).toHaveLength(1);
    const before = (await feedCall("POST", "/api/user/feed", userId)).json().url as string;
    expect((await feedCall("GET", new URL(before).pathname)).statusCode).toBe(200);

    await secured(userId);
    const after = (await feedCall("GET", "/api/user/feed", userId)).json().url as string;
    expect(after).toMatch(/\/api\/feeds\/[A-Za-z0-9_-]{43}$/);
    expect(after).not.toBe(before);
    const old = await feedCall("GET", new URL(before).pathname);
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe(
      "This feed address is not valid any more. Copy the current one from your settings.",
    );
    const current = await feedCall("GET", new URL(after).pathname);
    expect(current.statusCode).toBe(200);
    expect(current.body).toContain("<entry>");
  });

  it("makes no feed for a reader who had none", async () => {
    const { userId } = await mailer.registered();
    await secured(userId);
    expect((await feedCall("GET", "/api/user/feed", userId)).json()).toEqual({ url: null });
  });

  it("refuses the links of mail sent before, saying what to do, and takes the links of mail sent after", async () => {
    const { userId, email } = await mailer.registered();
    await composed(userId);
    const [before] = await mailer.mailTo(email);
    const copied = headerLink(before);
    expect(bodyLink(before)).toBe(copied);

    await secured(userId);
    for (const method of ["GET", "POST"] as const) {
      const refused = await click(copied, method);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain("Link not valid");
      expect(refused.body).toContain("sign in and pause it in your settings");
    }
    expect((await click(v1Link(userId))).statusCode).toBe(400);
    expect(await unsubscribedAt(userId)).toBeNull();

    await composed(userId);
    const [, after] = await mailer.mailTo(email);
    const fresh = headerLink(after);
    expect(fresh).not.toBe(copied);
    expect(bodyLink(after)).toBe(fresh);
    const done = await click(fresh);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("You are unsubscribed");
    expect(await unsubscribedAt(userId)).toBeInstanceOf(Date);
  });

  it("signs a digest still waiting to go out anew: it arrives with a link that works", async () => {
    const { userId, email } = await mailer.registered();
    // The dispatcher's clock an hour back: the digest is queued, and waits.
    mailer.setNow(new Date(Date.now() - 60 * 60_000));
    try {
      await composed(userId);
      await mailer.settle();
      expect(mailer.smtp.messages.filter((message) => message.envelope.to.includes(email))).toEqual([]);
      await secured(userId);
    } finally {
      mailer.setNow(undefined);
    }
    const [mail] = await mailer.mailTo(email);
    expect(bodyLink(mail)).toBe(headerLink(mail));
    expect(mail?.text).toContain(`Unsubscribe: https://digest.example.com${headerLink(mail)}`);
    expect((await click(headerLink(mail))).statusCode).toBe(200);
    expect(await unsubscribedAt(userId)).toBeInstanceOf(Date);
  });

  it("still takes a link signed before generations for a reader who never secured their account", async () => {
    const { userId } = await mailer.registered();
    const page = await click(v1Link(userId), "GET");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Unsubscribe from the weekly digest?");
    expect((await click(v1Link(userId))).statusCode).toBe(200);
    expect(await unsubscribedAt(userId)).toBeInstanceOf(Date);
  });

  it("turns over once per event: the same event delivered again changes nothing", async () => {
    const { userId, email } = await mailer.registered();
    await feedCall("POST", "/api/user/feed", userId);
    const event = await mailer.testBus.bus.publish(
      "account.secured",
      { userId, how: "password-changed" },
      { correlationId: "test" },
    );
    await eventually(() =>
      mailer.database.db
        .selectFrom("inbox")
        .select("event_id")
        .where("event_id", "=", event.id)
        .executeTakeFirst(),
    );
    const feed = (await feedCall("GET", "/api/user/feed", userId)).json().url as string;
    await composed(userId);
    const [mail] = await mailer.mailTo(email);

    await mailer.testBus.bus.publishEvent(event);
    // Another event queued behind it and handled: the repeat has been read by then.
    await secured(randomUUID());
    expect((await feedCall("GET", "/api/user/feed", userId)).json().url).toBe(feed);
    expect((await click(headerLink(mail), "GET")).statusCode).toBe(200);
  });
});
