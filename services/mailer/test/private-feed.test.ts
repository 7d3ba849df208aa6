import { randomUUID } from "node:crypto";
import { parseFeed } from "@rowanmanning/feed-parser";
import { contractOf } from "@tubedigest/contracts";
import { callerHeaders } from "@tubedigest/http/caller-proof";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDENTITY_SECRET, type MailerUnderTest, startMailer } from "./support/mailer-harness.ts";

const asUser = (userId: string) => callerHeaders(IDENTITY_SECRET, userId, randomUUID());

/** The feed's document as a feed reader gets it, checked to be well-formed XML first. */
function readFeed(document: string) {
  expect(XMLValidator.validate(document)).toBe(true);
  const atom = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    processEntities: true,
    htmlEntities: false,
  }).parse(document).feed;
  const feed = parseFeed(document);
  return { atom, feed };
}

describe("a reader's private Atom feed of their digests (Postgres, RabbitMQ, SMTP)", () => {
  let mailer: MailerUnderTest;
  let reader: { userId: string; email: string };
  const newsletterIds = [randomUUID(), randomUUID()];

  beforeAll(async () => {
    mailer = await startMailer();
    reader = await mailer.registered({ fullName: "Ada" });
    const example = contractOf("newsletter.composed").example;
    for (const [index, newsletterId] of newsletterIds.entries()) {
      await mailer.deliver("newsletter.composed", {
        ...example,
        newsletterId,
        userId: reader.userId,
        subject:
          index === 0
            ? "Your week of 16 November: <Pocket> & “Orbit”"
            : "Your week of 23 November: Pocket Orbit",
        glance: [
          {
            text: "Pocket Orbit posted a <b>guide</b> & more ]]> still text.",
            videoUrls: [example.channels[0]?.videos[0]?.url ?? ""],
          },
        ],
      });
      // Sent a moment apart, so the newest is listed first.
      expect(await mailer.mailTo(reader.email)).toHaveLength(index + 1);
    }
  });
  afterAll(() => mailer.stop());

  const call = (method: "GET" | "POST" | "DELETE", url: string, userId?: string) =>
    mailer.app.inject({ method, url, headers: userId ? asUser(userId) : {} });

  it("is off until the reader turns it on, then has one secret address, whoever asks again", async () => {
    expect((await call("GET", "/api/user/feed", reader.userId)).json()).toEqual({ url: null });
    const made = (await call("POST", "/api/user/feed", reader.userId)).json().url as string;
    expect(made).toMatch(/^https:\/\/digest\.example\.com\/api\/feeds\/[A-Za-z0-9_-]{43}$/);
    expect((await call("POST", "/api/user/feed", reader.userId)).json().url).toBe(made);
    expect((await call("GET", "/api/user/feed", reader.userId)).json().url).toBe(made);
    expect((await call("GET", "/api/user/feed")).statusCode).toBe(401);
  });

  it("is valid Atom, each entry the newsletter as it was sent, its HTML escaped", async () => {
    const url = (await call("POST", "/api/user/feed", reader.userId)).json().url as string;
    const reply = await call("GET", new URL(url).pathname);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
    expect(reply.headers["cache-control"]).toBe("private, max-age=900");
    const { atom, feed } = readFeed(reply.body);
    // RFC 4287's required elements, with the self link the document was fetched from.
    expect(atom["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(atom.id).toBe(url);
    expect(atom.title).toBe("Your tubedigest newsletters");
    expect(Date.parse(atom.updated)).not.toBeNaN();
    expect(atom.author.name).toBe("tubedigest");
    expect(feed.self).toBe(url);

    expect(feed.items.map((item) => item.title)).toEqual([
      "Your week of 23 November: Pocket Orbit",
      "Your week of 16 November: <Pocket> & “Orbit”",
    ]);
    const [newest] = feed.items;
    expect(newest?.id).toBe(`urn:uuid:${newsletterIds[1]}`);
    expect(newest?.url).toBe(`https://digest.example.com/newsletters/${newsletterIds[1]}`);
    const stored = await mailer.database.db
      .selectFrom("messages")
      .select(["html", "sent_at"])
      .where("natural_key", "=", `newsletter:${newsletterIds[1]}`)
      .executeTakeFirstOrThrow();
    // The feed changed when its newest digest went out, and each entry is dated by its own sending.
    expect(atom.updated).toBe(stored.sent_at?.toISOString());
    expect(newest?.published?.toISOString()).toBe(stored.sent_at?.toISOString());
    // The entry's HTML, unescaped once as XML, is the e-mail's body as sent, character for character.
    const entries = [atom.entry].flat() as { content: { "#text": string; "@type": string } }[];
    const html = entries[0]?.content;
    expect(html?.["@type"]).toBe("html");
    expect(html?.["#text"].length).toBeGreaterThan(1000);
    expect(stored.html).toContain(html?.["#text"]);
    expect(newest?.content).toContain("Your week at a glance");
    // The newsletter's own text stays text: escaped in the e-mail, and that escaped again in the feed.
    expect(html?.["#text"]).toContain(
      "Pocket Orbit posted a &lt;b&gt;guide&lt;/b&gt; &amp; more ]]&gt; still text.",
    );
    expect(html?.["#text"]).not.toMatch(/<head|<\/body>/i);
    expect(reply.body).not.toContain("<b>guide");
  });

  it("dates a feed with no digest yet from when it was made, not from when it is read", async () => {
    const newcomer = await mailer.registered();
    const url = (await call("POST", "/api/user/feed", newcomer.userId)).json().url as string;
    const made = await mailer.database.db
      .selectFrom("feeds")
      .select("created_at")
      .where("user_id", "=", newcomer.userId)
      .executeTakeFirstOrThrow();
    mailer.setNow(new Date(made.created_at.getTime() + 30 * 24 * 60 * 60 * 1000));
    try {
      const { atom, feed } = readFeed((await call("GET", new URL(url).pathname)).body);
      expect(atom.updated).toBe(made.created_at.toISOString());
      expect(feed.items).toEqual([]);
    } finally {
      mailer.setNow(undefined);
    }
  });

  it("moves to a new secret address on reset, the old one answering 404, and goes on being off", async () => {
    const before = (await call("GET", "/api/user/feed", reader.userId)).json().url as string;
    const after = (await call("POST", "/api/user/feed/reset", reader.userId)).json().url as string;
    expect(after).not.toBe(before);
    const old = await call("GET", new URL(before).pathname);
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe(
      "This feed address is not valid any more. Copy the current one from your settings.",
    );
    expect((await call("GET", new URL(after).pathname)).statusCode).toBe(200);
    expect((await call("DELETE", "/api/user/feed", reader.userId)).json()).toEqual({ url: null });
    expect((await call("GET", new URL(after).pathname)).statusCode).toBe(404);
  });

  it("answers an address that is no feed's, or not one at all, 404 with a message", async () => {
    for (const path of [
      "/api/feeds/short",
      `/api/feeds/${"x".repeat(43)}`,
      `/api/feeds/${"x".repeat(42)}%00`,
    ]) {
      const reply = await call("GET", path);
      expect(reply.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, path).toBeLessThan(500);
      expect(typeof reply.json().message).toBe("string");
    }
  });
});
