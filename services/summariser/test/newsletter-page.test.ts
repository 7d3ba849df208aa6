import { randomUUID } from "node:crypto";
import { hostileQueries } from "@tubedigest/testing/hostile-input";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterLinkKeyFrom, newsletterLinkToken } from "../src/digest/newsletter-link.ts";
import { getAnsweredWithoutServerError } from "./support/hostile-get.ts";
import { sentNewsletterRow } from "./support/newsletter-row.ts";
import {
  asUser,
  IDENTITY_SECRET,
  type SummariserUnderTest,
  startSummariser,
} from "./support/summariser-harness.ts";
import { controlledWriter } from "./support/test-writers.ts";

const NOT_FOUND = {
  message: "We could not find that newsletter. It may have been removed, or the link may be incomplete.",
};
const DAY_MS = 24 * 3_600_000;

describe("GET /api/newsletters/{id}: one past newsletter, to its reader (Postgres)", () => {
  let summariser: SummariserUnderTest;
  let port: number;
  const owner = randomUUID();
  const stranger = randomUUID();
  const key = newsletterLinkKeyFrom(IDENTITY_SECRET);
  const channels = [
    {
      title: "Pocket Orbit",
      videos: [
        {
          title: "Rocket engines",
          url: "https://www.youtube.com/watch?v=UBZkHdEg7-z",
          publishedAt: "2026-11-22T18:00:00.000Z",
          summaryMarkdown: "- **A rocket carries its own oxidiser.**",
        },
      ],
    },
  ];
  const recent = { id: randomUUID(), createdAt: new Date(Date.now() - DAY_MS) };
  const old = { id: randomUUID(), createdAt: new Date(Date.now() - 61 * DAY_MS) };
  const othersId = randomUUID();
  const unsent = { id: randomUUID(), createdAt: new Date(Date.now() - 60_000) };
  const glance = [
    { text: "Rockets carry their own oxidiser.", videoUrls: [channels[0]?.videos[0]?.url ?? ""] },
  ];

  beforeAll(async () => {
    summariser = await startSummariser({ writer: controlledWriter().writer });
    port = Number(new URL(await summariser.app.listen({ port: 0, host: "127.0.0.1" })).port);
    const row = (id: string, userId: string, createdAt: Date, weekKey: string) =>
      sentNewsletterRow({
        id,
        userId,
        createdAt,
        weekKey,
        channels,
        subject: "Your week of 23 November: Pocket Orbit",
        content: "# Week of 23 November 2026\n\n## Pocket Orbit",
      });
    await summariser.database.db
      .insertInto("newsletters")
      .values([
        row(recent.id, owner, recent.createdAt, "2026-W48"),
        row(old.id, owner, old.createdAt, "2026-W40"),
        row(othersId, stranger, recent.createdAt, "2026-W48"),
        {
          ...row(unsent.id, owner, unsent.createdAt, "2026-W49"),
          sent_at: null,
          glance: JSON.stringify(glance),
        },
      ])
      .execute();
  });
  afterAll(() => summariser.stop());

  const page = (id: string, reader: { userId?: string; token?: string }) =>
    summariser.app.inject({
      method: "GET",
      url: `/api/newsletters/${encodeURIComponent(id)}${reader.token === undefined ? "" : `?token=${encodeURIComponent(reader.token)}`}`,
      headers: reader.userId ? asUser(reader.userId) : {},
    });
  const tokenOf = (id: string, userId = owner) => newsletterLinkToken(key, { id, userId });

  it("shows its owner the newsletter as it was mailed", async () => {
    const reply = await page(recent.id, { userId: owner });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      id: recent.id,
      subject: "Your week of 23 November: Pocket Orbit",
      weekLabel: "Week of 23 November 2026",
      period: "week",
      sentAt: recent.createdAt.toISOString(),
      createdAt: recent.createdAt.toISOString(),
      channels,
      // Stored before newsletters opened with the week at a glance.
      glance: [],
      // Made for a reader without a focus.
      focus: null,
    });
    expect((await page(old.id, { userId: owner })).statusCode).toBe(200);
  });

  it("shows a newsletter not mailed yet with no sending time, opening with its week at a glance", async () => {
    const reply = await page(unsent.id, { userId: owner });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ id: unsent.id, sentAt: null, glance });
  });

  it("takes the id in capitals too, as the database does", async () => {
    const reply = await page(recent.id.toUpperCase(), { userId: owner });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().id).toBe(recent.id);
  });

  it("shows it to a reader not signed in who holds its e-mail's link", async () => {
    const reply = await page(recent.id, { token: tokenOf(recent.id) });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().channels).toEqual(channels);
  });

  it("answers someone else's newsletter, an unknown id and a link not made for it with the same 404", async () => {
    const refusals = [
      await page(othersId, { userId: owner }),
      await page(randomUUID(), { userId: owner }),
      await page("not-a-newsletter", { userId: owner }),
      // An id with anything before or after it is not one.
      await page(`${recent.id}0`, { userId: owner }),
      await page(`0${recent.id}`, { userId: owner }),
      // A real token, but of another newsletter or another reader, opens nothing else.
      await page(othersId, { token: tokenOf(recent.id) }),
      await page(othersId, { token: tokenOf(othersId, owner) }),
      await page(recent.id, { token: "v1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }),
      await page(recent.id, { token: "anything" }),
      await page(randomUUID(), { token: tokenOf(recent.id) }),
    ];
    for (const reply of refusals) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual(NOT_FOUND);
      expect(reply.body).not.toContain("Pocket Orbit");
    }
  });

  it("asks a reader with neither a session nor a link to sign in, whether or not the id exists", async () => {
    for (const id of [recent.id, randomUUID()]) {
      const reply = await page(id, {});
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual({ message: "Please sign in to read this newsletter." });
    }
  });

  it("lets a link expire after 60 days, while its owner signed in still reads it", async () => {
    const reply = await page(old.id, { token: tokenOf(old.id) });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({
      message: "This link to the newsletter has expired. Please sign in to read it.",
    });
    expect((await page(old.id, { userId: owner, token: tokenOf(old.id) })).statusCode).toBe(200);
  });

  it("answers hostile ids and query strings 4xx with a message, never 5xx", async () => {
    const id = fc.oneof(fc.constant(recent.id), fc.uuid(), fc.webSegment(), fc.string({ maxLength: 120 }));
    await fc.assert(
      fc.asyncProperty(
        id,
        hostileQueries({ token: fc.oneof(fc.constant(tokenOf(recent.id)), fc.string({ maxLength: 150 })) }),
        fc.boolean(),
        async (newsletterId, query, signedIn) => {
          const target = `/api/newsletters/${encodeURIComponent(newsletterId)}?${query}`;
          const reply = await getAnsweredWithoutServerError(port, target, signedIn ? asUser(stranger) : {});
          if (reply.status === 200) expect(JSON.parse(reply.body).id).toBe(recent.id);
        },
      ),
      { numRuns: 150 },
    );
  });
});
