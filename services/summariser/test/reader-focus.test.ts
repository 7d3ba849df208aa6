import { randomUUID } from "node:crypto";
import { ANY_CONTENT_TYPE, hostileBodies, hostileText } from "@tubedigest/testing/hostile-input";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { focusMessages } from "../src/digest/change-focus.ts";
import { catalogStandIn } from "./support/catalog-stand-in.ts";
import { composedEventsOf } from "./support/composed-events.ts";
import { channelId, type DigestEvents, daysFrom, digestEvents } from "./support/digest-events.ts";
import {
  asUser,
  generateNewsletterNow,
  type SummariserUnderTest,
  startSummariser,
  transcriptsFrom,
} from "./support/summariser-harness.ts";
import { controlledWriter } from "./support/test-writers.ts";

const NEWS = channelId("n");
const GARAGE = channelId("g");
const KITCHEN = channelId("k");

describe("a reader's focus: kept in settings, ordering their digest (Postgres, RabbitMQ)", () => {
  // Newest first, a digest opens with the news channel's roundup; the engine videos come later.
  const catalog = catalogStandIn([
    { id: "newsvideo01", channelId: NEWS, title: "This week's launch news", hoursAgo: 1 },
    { id: "newsvideo02", channelId: NEWS, title: "Turbopump engine design", hoursAgo: 20 },
    { id: "kitchenvid1", channelId: KITCHEN, title: "Cast iron care", hoursAgo: 3 },
    { id: "garagevid01", channelId: GARAGE, title: "Engine design from scratch", hoursAgo: 5 },
  ]);
  const control = controlledWriter();
  let summariser: SummariserUnderTest;
  let events: DigestEvents;

  beforeAll(async () => {
    summariser = await startSummariser({
      writer: control.writer,
      catalog: catalog.client,
      transcripts: transcriptsFrom({}).source,
    });
    events = digestEvents(summariser.testBus.bus, summariser.database.db);
  });
  afterAll(() => summariser.stop());

  const putFocus = (userId: string | null, payload: unknown) =>
    summariser.app.inject({
      method: "PUT",
      url: "/api/user/focus",
      headers: { "content-type": "application/json", ...(userId === null ? {} : asUser(userId)) },
      payload: JSON.stringify(payload),
    });
  const getFocus = async (userId: string) => {
    const reply = await summariser.app.inject({
      method: "GET",
      url: "/api/user/focus",
      headers: asUser(userId),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<{ focus: string | null }>();
  };

  describe("GET and PUT /api/user/focus", () => {
    it("keeps the reader's words on one line, trimmed, and clears them when empty", async () => {
      const userId = randomUUID();
      expect(await getFocus(userId)).toEqual({ focus: null });
      const saved = await putFocus(userId, { focus: "  engine design,\n\t not news  " });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ focus: "engine design, not news" });
      expect(await getFocus(userId)).toEqual({ focus: "engine design, not news" });
      expect((await putFocus(userId, { focus: " \n " })).json()).toEqual({ focus: null });
      expect(await getFocus(userId)).toEqual({ focus: null });
    });

    it("takes 280 characters, counting each emoji as one, and refuses 281", async () => {
      const userId = randomUUID();
      const rockets = "🚀".repeat(280);
      expect((await putFocus(userId, { focus: rockets })).json()).toEqual({ focus: rockets });
      const long = await putFocus(userId, { focus: `${"a".repeat(280)}b` });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ message: focusMessages.tooLong });
      const huge = await putFocus(userId, { focus: "a".repeat(10_000) });
      expect(huge.statusCode).toBe(400);
      expect(huge.json()).toEqual({ message: focusMessages.tooLong });
      // Past the service's body limit, refused before it is read.
      const hugest = await putFocus(userId, { focus: "a".repeat(2_000_000) });
      expect(hugest.statusCode).toBe(413);
      expect(typeof hugest.json().message).toBe("string");
      expect(await getFocus(userId)).toEqual({ focus: rockets });
    });

    it.each([
      ["a NUL", "engines\u0000"],
      ["a bell", "engines\u0007 and gearboxes"],
      ["a text direction override", "engines \u202Eswen ton"],
      ["a lone surrogate", "engines \uD800"],
    ])("refuses %s with a 400 saying what to do", async (_, focus) => {
      const userId = randomUUID();
      const refused = await putFocus(userId, { focus });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: focusMessages.unreadable });
      expect(await getFocus(userId)).toEqual({ focus: null });
    });

    it("refuses a focus sent as invalid UTF-8 with a 400", async () => {
      const userId = randomUUID();
      const reply = await summariser.app.inject({
        method: "PUT",
        url: "/api/user/focus",
        headers: { "content-type": "application/json", ...asUser(userId) },
        payload: Buffer.concat([
          Buffer.from('{"focus":"engines '),
          Buffer.from([0xff, 0xfe, 0xc3]),
          Buffer.from('"}'),
        ]),
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({ message: focusMessages.unreadable });
      expect(await getFocus(userId)).toEqual({ focus: null });
    });

    it.each([
      ["a number", { focus: 5 }, focusMessages.notText],
      ["null", { focus: null }, focusMessages.notText],
      ["a list", { focus: ["engines"] }, focusMessages.notText],
      ["nothing", {}, focusMessages.notText],
      ["another field", { focus: "engines", plan: "pro" }, focusMessages.onlyFocus],
    ])("refuses %s with a 400 and its message", async (_, payload, message) => {
      const refused = await putFocus(randomUUID(), payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message });
    });

    it("answers 401 to someone not signed in, reading or writing", async () => {
      expect((await summariser.app.inject({ method: "GET", url: "/api/user/focus" })).statusCode).toBe(401);
      const written = await putFocus(null, { focus: "engines" });
      expect(written.statusCode).toBe(401);
      expect(typeof written.json().message).toBe("string");
    });

    it("answers any hostile body 4xx with a message, or keeps it as one clean line", async () => {
      const userId = randomUUID();
      await fc.assert(
        fc.asyncProperty(
          hostileBodies({ focus: hostileText(400) }),
          ANY_CONTENT_TYPE,
          async (payload, type) => {
            const reply = await summariser.app.inject({
              method: "PUT",
              url: "/api/user/focus",
              payload,
              headers: { "content-type": type, ...asUser(userId) },
            });
            expect(reply.statusCode, payload).toBeLessThan(500);
            if (reply.statusCode >= 400) expect(typeof reply.json().message, payload).toBe("string");
            else expect(reply.json().focus ?? "", payload).not.toMatch(/[\p{Cc}\uFFFD]|^\s|\s$/u);
          },
        ),
        { numRuns: 150 },
      );
    });
  });

  describe("composing", () => {
    let subscriber: (focus: string | null) => Promise<string>;
    beforeAll(() => {
      subscriber = async (focus) => {
        const userId = randomUUID();
        const longAgo = daysFrom(new Date(), -30);
        await events.register(userId, { at: longAgo });
        await events.activate(userId, longAgo);
        await events.follow(userId, NEWS, "Launch News", longAgo);
        await events.follow(userId, KITCHEN, "Copper Pan Kitchen", longAgo);
        await events.follow(userId, GARAGE, "Garage Engines", longAgo);
        await events.applied();
        if (focus !== null) expect((await putFocus(userId, { focus })).statusCode).toBe(200);
        return userId;
      };
    });

    const newsletterOf = async (userId: string) => {
      const made = await generateNewsletterNow(summariser.app, userId);
      expect(made.statusCode, made.body).toBe(200);
      const page = await summariser.app.inject({
        method: "GET",
        url: `/api/newsletters/${made.json().newsletterId}`,
        headers: asUser(userId),
      });
      expect(page.statusCode, page.body).toBe(200);
      return page.json<{
        focus: string | null;
        channels: { title: string; videos: { title: string; url: string; summaryMarkdown: string }[] }[];
      }>();
    };
    const order = (newsletter: Awaited<ReturnType<typeof newsletterOf>>) =>
      newsletter.channels.map((channel) => [channel.title, channel.videos.map((video) => video.title)]);
    const composedEventOf = async (userId: string) =>
      (await composedEventsOf(summariser.database.db, [userId]))[0];

    it("orders the focused reader's digest for it, with the same summaries and no more model calls", async () => {
      const plain = await subscriber(null);
      const focused = await subscriber("engine design, not news");

      const unordered = await newsletterOf(plain);
      const writes = control.writes.length;
      const ordered = await newsletterOf(focused);

      expect(order(unordered)).toEqual([
        ["Launch News", ["This week's launch news", "Turbopump engine design"]],
        ["Copper Pan Kitchen", ["Cast iron care"]],
        ["Garage Engines", ["Engine design from scratch"]],
      ]);
      // The engine videos first; Launch News and Garage Engines tie on their best video, so they keep
      // the order they had; the news roundup, which the focus asks to skip, last of its channel.
      expect(order(ordered)).toEqual([
        ["Launch News", ["Turbopump engine design", "This week's launch news"]],
        ["Garage Engines", ["Engine design from scratch"]],
        ["Copper Pan Kitchen", ["Cast iron care"]],
      ]);
      expect(unordered.focus).toBeNull();
      expect(ordered.focus).toBe("engine design, not news");

      // One summary per video, shared: the focus asked the model for nothing more.
      expect(control.writes.length).toBe(writes);
      expect(new Set(control.writes).size).toBe(control.writes.length);
      const summaries = (newsletter: typeof ordered) =>
        Object.fromEntries(
          newsletter.channels.flatMap((channel) =>
            channel.videos.map((video) => [video.url, video.summaryMarkdown]),
          ),
        );
      expect(summaries(ordered)).toEqual(summaries(unordered));

      expect((await composedEventOf(focused)).data.focus).toBe("engine design, not news");
      expect((await composedEventOf(plain)).data).not.toHaveProperty("focus");
    });

    it("keeps a digest made before the focus changed as it was ordered", async () => {
      const userId = await subscriber("cast iron");
      const before = await newsletterOf(userId);
      expect(order(before)[0]).toEqual(["Copper Pan Kitchen", ["Cast iron care"]]);
      await putFocus(userId, { focus: "" });
      const page = await summariser.app.inject({
        method: "GET",
        url: "/api/newsletters",
        headers: asUser(userId),
      });
      const [item] = page.json<{ id: string }[]>();
      const again = await summariser.app.inject({
        method: "GET",
        url: `/api/newsletters/${item?.id}`,
        headers: asUser(userId),
      });
      expect(again.json()).toMatchObject({ focus: "cast iron" });
    });
  });
});
