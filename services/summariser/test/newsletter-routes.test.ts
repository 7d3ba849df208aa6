import { randomUUID } from "node:crypto";
import { MALFORMED_QUERY } from "@tubedigest/http";
import {
  ANY_CONTENT_TYPE,
  hasInvalidPercentEncoding,
  hostileBodies,
  hostileQueries,
} from "@tubedigest/testing/hostile-input";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WriterUnavailableError } from "../src/adapters/summary-writers/summary-writer.ts";
import { digestWeek } from "../src/digest/digest-week.ts";
import { catalogStandIn } from "./support/catalog-stand-in.ts";
import { channelId, type DigestEvents, daysFrom, digestEvents } from "./support/digest-events.ts";
import { getAnsweredWithoutServerError } from "./support/hostile-get.ts";
import { asUser, type SummariserUnderTest, startSummariser } from "./support/summariser-harness.ts";
import { controlledWriter } from "./support/test-writers.ts";

const FRESH = channelId("f");
const STALE = channelId("s");
/** How long generate-now waits for the newsletter before answering that it is on its way. */
const GENERATE_WAIT_MS = 3_000;

describe("the newsletters' routes: history and generate now (Postgres, RabbitMQ)", () => {
  const catalog = catalogStandIn([
    { id: "freshvideo1", channelId: FRESH, title: "Fresh one", hoursAgo: 3 },
    { id: "freshvideo2", channelId: FRESH, title: "Fresh two", hoursAgo: 30 },
    { id: "stalevideo1", channelId: STALE, title: "Stale", hoursAgo: 24 * 40 },
  ]);
  const control = controlledWriter();
  let summariser: SummariserUnderTest;
  let events: DigestEvents;
  let port: number;

  beforeAll(async () => {
    summariser = await startSummariser(
      { writer: control.writer, catalog: catalog.client, generateWaitMs: GENERATE_WAIT_MS },
      { settings: { development: false } },
    );
    events = digestEvents(summariser.testBus.bus, summariser.database.db);
    port = Number(new URL(await summariser.app.listen({ port: 0, host: "127.0.0.1" })).port);
  });
  afterAll(() => summariser.stop());
  afterEach(() => control.open());

  const history = (query: string, userId: string | null) =>
    summariser.app.inject({
      method: "GET",
      url: `/api/newsletters${query}`,
      headers: userId === null ? {} : asUser(userId),
    });
  const generate = (userId: string | null, payload?: unknown) =>
    summariser.app.inject({
      method: "POST",
      url: "/api/generate-newsletter",
      headers: {
        ...(userId === null ? {} : asUser(userId)),
        ...(payload === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  /** Generate-now, answered as soon as the digest has ended: well before the end of its wait. */
  const generateBeforeTheWaitEnds = async (userId: string) => {
    const asked = Date.now();
    const reply = await generate(userId, {});
    expect(Date.now() - asked, "answered at the end of the wait").toBeLessThan(GENERATE_WAIT_MS);
    return reply;
  };

  async function subscriber(channels: [string, string][], access: "paying" | "trial-over" = "paying") {
    const userId = randomUUID();
    const longAgo = daysFrom(new Date(), -30);
    await events.register(userId, { at: longAgo });
    if (access === "paying") await events.activate(userId, longAgo);
    else {
      await events.startTrial(userId, daysFrom(longAgo, 7), longAgo);
      await events.endTrial(userId, daysFrom(longAgo, 7));
    }
    for (const [id, title] of channels) await events.follow(userId, id, title, longAgo);
    await events.applied();
    return userId;
  }

  describe("GET /api/newsletters", () => {
    const userId = randomUUID();
    const created = (day: number) => new Date(Date.UTC(2026, 10, day, 9));

    beforeAll(async () => {
      const db = summariser.database.db;
      const rows = [1, 2, 3, 4, 5].map((day) => ({
        id: randomUUID(),
        user_id: userId,
        week_key: `2026-W${40 + day}`,
        subject: `Newsletter ${day}`,
        content: `# Content ${day}`,
        channels: "[]",
        created_at: created(day),
        sent_at: day === 5 ? null : new Date(created(day).getTime() + 60_000),
        covered_until: created(day),
      }));
      await db.insertInto("newsletters").values(rows).execute();
      const [someone] = rows.map((row) => ({ ...row, id: randomUUID(), user_id: randomUUID() }));
      if (someone) await db.insertInto("newsletters").values(someone).execute();
    });

    it("lists the user's newsletters newest first, as history items, with their count", async () => {
      const reply = await history("", userId);
      expect(reply.statusCode).toBe(200);
      expect(reply.headers["x-total-count"]).toBe("5");
      const items = reply.json();
      expect(items.map((item: { subject: string }) => item.subject)).toEqual(
        [5, 4, 3, 2, 1].map((d) => `Newsletter ${d}`),
      );
      expect(items[0]).toEqual({
        id: expect.any(String),
        subject: "Newsletter 5",
        content: "# Content 5",
        sentAt: null,
        createdAt: created(5).toISOString(),
      });
      expect(items[1].sentAt).toBe(new Date(created(4).getTime() + 60_000).toISOString());
      expect(Object.keys(items[1]).sort()).toEqual(["content", "createdAt", "id", "sentAt", "subject"]);
    });

    it("pages", async () => {
      const second = await history("?page=2&pageSize=2", userId);
      expect(second.json().map((item: { subject: string }) => item.subject)).toEqual([
        "Newsletter 3",
        "Newsletter 2",
      ]);
      expect(second.headers["x-total-count"]).toBe("5");
      expect((await history("?page=4&pageSize=2", userId)).json()).toEqual([]);
      expect((await history("?pageSize=50", randomUUID())).json()).toEqual([]);
    });

    it("answers 401 without a signed-in user", async () => {
      const reply = await history("", null);
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual({ message: "Please sign in to continue." });
    });

    it.each([
      ["?pageSize=51", "pageSize must be a whole number from 1 to 50."],
      ["?pageSize=0", "pageSize must be a whole number from 1 to 50."],
      ["?page=0", "page must be a whole number from 1."],
      ["?page=1.5", "page must be a whole number from 1."],
      ["?page=abc", "page must be a whole number from 1."],
      ["?page=1&page=2", "page must be a whole number from 1."],
      ["?page=%zz", MALFORMED_QUERY],
    ])("refuses %s with 400 and a message", async (query, message) => {
      const reply = await history(query, userId);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({ message });
    });

    it("answers hostile query strings 4xx with a message, never 5xx", async () => {
      const number = fc.integer({ min: -5, max: 120 }).map(String);
      await fc.assert(
        fc.asyncProperty(
          hostileQueries({ page: number, pageSize: number }),
          fc.boolean(),
          async (query, signedIn) => {
            const target = `/api/newsletters?${query}`;
            const reply = await getAnsweredWithoutServerError(port, target, signedIn ? asUser(userId) : {});
            if (hasInvalidPercentEncoding(query)) expect(reply.status, target).toBe(400);
          },
        ),
        { numRuns: 150 },
      );
    });
  });

  describe("POST /api/generate-newsletter", () => {
    it("composes and sends the user's newsletter now, once however often it is clicked", async () => {
      const userId = await subscriber([[FRESH, "Fresh Channel"]]);
      const asked = Date.now();
      const replies = await Promise.all([generate(userId, {}), generate(userId), generate(userId, {})]);
      // The answer comes as the newsletter is made, not at the end of the wait.
      expect(Date.now() - asked).toBeLessThan(GENERATE_WAIT_MS);
      for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);
      const ids = new Set(replies.map((reply) => reply.json().newsletterId));
      expect(ids.size).toBe(1);
      expect(replies[0]?.json()).toEqual({
        outcome: "generated",
        message: "Newsletter generated and sent to your email.",
        newsletterId: [...ids][0],
      });
      const [item] = (await history("", userId)).json();
      expect(item.id).toBe([...ids][0]);
      expect(item.subject).toMatch(/^Your week of \d{1,2} \w+: Fresh Channel$/);
      expect(item.content).toContain("Fresh one");
      const outbox = await summariser.database.db
        .selectFrom("outbox")
        .select("event")
        .where("event_name", "=", "newsletter.composed")
        .execute();
      const events = outbox.map((row) => (typeof row.event === "string" ? JSON.parse(row.event) : row.event));
      const [composed] = events.filter((event) => event.data.userId === userId);
      expect(events.filter((event) => event.data.userId === userId)).toHaveLength(1);
      // The e-mail's "Read in your browser" link opens this newsletter for a reader not signed in.
      const linked = await summariser.app.inject({
        method: "GET",
        url: `/api/newsletters/${item.id}?token=${composed.data.readToken}`,
      });
      expect(linked.statusCode, linked.body).toBe(200);
      expect(linked.json().subject).toBe(item.subject);
    });

    it("answers that nothing is new since the last newsletter as news, not a failure; no channel is a 422", async () => {
      const stale = await subscriber([[STALE, "Stale Channel"]]);
      const nothing = await generateBeforeTheWaitEnds(stale);
      expect(nothing.statusCode).toBe(200);
      expect(nothing.json()).toEqual({
        outcome: "nothing-new",
        message: "There are no new videos from your channels since your last newsletter.",
      });
      expect(await history("", stale).then((reply) => reply.json())).toEqual([]);
      const none = await subscriber([]);
      const noChannels = await generate(none, {});
      expect(noChannels.statusCode).toBe(422);
      expect(noChannels.json()).toEqual({ message: "Add channels first to generate a newsletter." });
    });

    it("counts a newsletter made now as the last one: the weekly digest covers only what came after", async () => {
      const userId = await subscriber([[FRESH, "Fresh Channel"]]);
      expect((await generate(userId, {})).statusCode).toBe(200);
      const covered = await summariser.database.db
        .selectFrom("newsletters")
        .select("covered_until")
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      expect(covered.covered_until.getTime()).toBeGreaterThan(Date.now() - 60_000);
      // This week's digest, due now, finds nothing new since the newsletter made on demand.
      const week = digestWeek("UTC", new Date());
      await summariser.testBus.bus.publish(
        "digest.due",
        { slot: week.dueAt.toISOString() },
        { correlationId: "test", id: randomUUID() },
      );
      await expect
        .poll(
          async () =>
            summariser.database.db
              .selectFrom("digests")
              .select(["status", "reason"])
              .where("user_id", "=", userId)
              .where("week_key", "=", week.weekKey)
              .executeTakeFirst(),
          { timeout: 10_000 },
        )
        .toEqual({ status: "skipped", reason: "no-new-videos" });
    });

    it("answers 403 when the trial is over and there is no plan, and 401 without a user", async () => {
      const userId = await subscriber([[FRESH, "Fresh Channel"]], "trial-over");
      const reply = await generate(userId, {});
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toEqual({
        message: "Your free trial has ended. Subscribe to get newsletters again.",
      });
      expect((await generate(null, {})).statusCode).toBe(401);
    });

    it("gives someone who signed up moments ago their newsletter before billing's word on the trial arrives", async () => {
      // Auth's and catalog's events have arrived, billing's trial.started not yet.
      const registered = randomUUID();
      await events.register(registered);
      await events.follow(registered, FRESH, "Fresh Channel");
      // Only catalog's: the summariser has not even heard of the registration.
      const following = randomUUID();
      await events.follow(following, FRESH, "Fresh Channel");
      await events.applied();
      for (const userId of [registered, following]) {
        const reply = await generate(userId, {});
        expect(reply.statusCode, reply.body).toBe(200);
        expect(reply.json().message).toBe("Newsletter generated and sent to your email.");
      }
      // Nothing heard at all: no channel to write about, which is what it says, never that a trial ended.
      expect((await generate(randomUUID(), {})).json()).toEqual({
        message: "Add channels first to generate a newsletter.",
      });
    });

    it("waits (3 s) for a channel followed a moment ago rather than ask for channels the user has", async () => {
      const userId = randomUUID();
      await events.register(userId);
      await events.applied();
      const asked = generate(userId, {});
      // Catalog's channel.followed arrives while the request is already waiting.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await events.follow(userId, FRESH, "Fresh Channel");
      const reply = await asked;
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json().message).toBe("Newsletter generated and sent to your email.");
    });

    it("tells a paying reader who unsubscribed that, not that a trial ended", async () => {
      const userId = await subscriber([[FRESH, "Fresh Channel"]]);
      await events.unsubscribe(userId);
      await events.applied();
      const reply = await generate(userId, {});
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toEqual({
        message: "You unsubscribed from newsletter e-mails, so we cannot send you one.",
      });
    });

    it("still refuses once billing has spoken: an ended trial, an expired plan", async () => {
      const expired = await subscriber([[FRESH, "Fresh Channel"]]);
      await events.expire(expired);
      const trialPassed = randomUUID();
      await events.register(trialPassed, { at: daysFrom(new Date(), -10) });
      await events.startTrial(trialPassed, daysFrom(new Date(), -3), daysFrom(new Date(), -10));
      await events.follow(trialPassed, FRESH, "Fresh Channel");
      await events.applied();
      for (const userId of [expired, trialPassed]) expect((await generate(userId, {})).statusCode).toBe(403);
    });

    it("answers 202 when the newsletter takes longer than the wait, and mails it when done", async () => {
      const fresh = channelId("n");
      catalog.add({ id: "slowvideo01", channelId: fresh, title: "Slow one", hoursAgo: 2 });
      const userId = await subscriber([[fresh, "Slow Channel"]]);
      control.hold();
      const reply = await generate(userId, {});
      expect(reply.statusCode).toBe(202);
      expect(reply.json()).toEqual({
        outcome: "on-its-way",
        message: "Your newsletter is being generated and will arrive in your inbox shortly.",
      });
      control.open();
      await expect.poll(async () => (await history("", userId)).json().length, { timeout: 10_000 }).toBe(1);
    });

    it("answers 503 saying to try again when the newsletter cannot be made just now", async () => {
      const down = channelId("d");
      catalog.add({ id: "downvideo01", channelId: down, title: "Made while the model is down", hoursAgo: 2 });
      const userId = await subscriber([[down, "Down Channel"]]);
      control.failWith(() => new WriterUnavailableError("The model is down."));
      try {
        // Told as soon as the digest has failed its tries.
        const reply = await generateBeforeTheWaitEnds(userId);
        expect(reply.statusCode).toBe(503);
        expect(reply.json()).toEqual({
          message: "We could not generate your newsletter just now. Please try again in a few minutes.",
        });
        expect(await history("", userId).then((answer) => answer.json())).toEqual([]);
      } finally {
        control.failWith(undefined);
      }
    });

    it("answers bad bodies 4xx with a message, never 5xx", async () => {
      // A reader whose trial is over: a body the schema takes is refused at once (403), where one who
      // follows nothing would wait seconds for a channel to arrive at every such body.
      const userId = await subscriber([], "trial-over");
      const body = hostileBodies({ anything: fc.anything() });
      await fc.assert(
        fc.asyncProperty(body, ANY_CONTENT_TYPE, async (payload, contentType) => {
          const reply = await summariser.app.inject({
            method: "POST",
            url: "/api/generate-newsletter",
            payload,
            headers: { "content-type": contentType, ...asUser(userId) },
          });
          expect(reply.statusCode, payload).toBeLessThan(500);
          expect(typeof reply.json().message, payload).toBe("string");
        }),
        { numRuns: 100 },
      );
      const unknown = await generate(userId, { channels: [] });
      expect(unknown.statusCode).toBe(400);
    });

    it("has no development routes outside development", async () => {
      expect((await summariser.app.inject({ method: "POST", url: "/dev/deliver-digest" })).statusCode).toBe(
        404,
      );
      expect((await summariser.app.inject({ method: "GET", url: "/dev/digest-status" })).statusCode).toBe(
        404,
      );
    });
  });
});

describe("the development routes: this week's digests now (Postgres, RabbitMQ)", () => {
  const catalog = catalogStandIn([{ id: "devvideo001", channelId: FRESH, title: "Dev video", hoursAgo: 3 }]);
  let summariser: SummariserUnderTest;

  beforeAll(async () => {
    summariser = await startSummariser(
      { writer: controlledWriter().writer, catalog: catalog.client },
      { settings: { development: true } },
    );
  });
  afterAll(() => summariser.stop());

  it("queues this week's digest of every eligible user, once, whatever their zone's hour", async () => {
    const events = digestEvents(summariser.testBus.bus, summariser.database.db);
    const readers = [randomUUID(), randomUUID()];
    const lapsed = randomUUID();
    // Started two hours ago, so their first digests are behind them and only this week's are counted.
    const started = new Date(Date.now() - 2 * 3_600_000);
    for (const [index, userId] of [...readers, lapsed].entries()) {
      // Registered just now, in zones whose Monday 09:00 is not now: development ignores both.
      await events.register(userId, { timeZone: index === 0 ? "Pacific/Kiritimati" : "America/Adak" });
      await events.follow(userId, FRESH, "Fresh Channel", started);
    }
    for (const userId of readers) await events.activate(userId, started);
    await events.applied();

    const first = await summariser.app.inject({ method: "POST", url: "/dev/deliver-digest" });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ queued: 2 });
    const again = await summariser.app.inject({ method: "POST", url: "/dev/deliver-digest" });
    expect(again.json()).toEqual({ queued: 0 });

    await expect
      .poll(
        async () => {
          const status = (await summariser.app.inject({ method: "GET", url: "/dev/digest-status" })).json();
          return status.weeks.reduce((sum: number, week: { composed: number }) => sum + week.composed, 0);
        },
        { timeout: 10_000 },
      )
      .toBe(2);
    const status = (await summariser.app.inject({ method: "GET", url: "/dev/digest-status" })).json();
    // Each reader's week is their own zone's: one ISO week or two, the users add up the same.
    const total = (field: string) =>
      status.weeks.reduce((sum: number, week: Record<string, number>) => sum + (week[field] ?? 0), 0);
    expect(status.weeks[0]).toEqual({
      weekKey: expect.stringMatching(/^\d{4}-W\d{2}$/),
      users: expect.any(Number),
      queued: 0,
      composing: 0,
      composed: expect.any(Number),
      skipped: 0,
      failed: 0,
    });
    expect([total("users"), total("composed"), total("failed")]).toEqual([2, 2, 0]);
    // The two readers were composed by one job, a batch.
    expect(status.jobs.completed).toBe(1);
  });
});
