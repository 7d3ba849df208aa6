import { randomUUID } from "node:crypto";
import { scheduleEventId } from "@tubedigest/contracts/schedule-event-id";
import { eventually } from "@tubedigest/testing/eventually";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SummaryWriter } from "../src/adapters/summary-writers/summary-writer.ts";
import {
  SummaryFailedError,
  WriterUnavailableError,
} from "../src/adapters/summary-writers/summary-writer.ts";
import { digestWeek, weekStartDay } from "../src/digest/digest-week.ts";
import { rerunDigest } from "../src/digest/rerun-digest.ts";
import { catalogStandIn } from "./support/catalog-stand-in.ts";
import { composedEventsOf } from "./support/composed-events.ts";
import { channelId, type DigestEvents, daysFrom, digestEvents } from "./support/digest-events.ts";
import { fastDigestJobs, type SummariserUnderTest, startSummariser } from "./support/summariser-harness.ts";
import { plainSummary } from "./support/test-writers.ts";

const ORBIT = channelId("o");
const KITCHEN = channelId("k");
const QUIET = channelId("q");
const ATLAS = channelId("a");
const BROKEN = channelId("b");
const OFFLINE = channelId("x");
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe("the weekly digest: digest.due fans out, compose jobs make one newsletter per user and week (Postgres, RabbitMQ)", () => {
  const catalog = catalogStandIn([
    { id: "orbitnew001", channelId: ORBIT, title: "Rockets, gently", hoursAgo: 10 },
    { id: "orbitnew002", channelId: ORBIT, title: "Moons of Jupiter", hoursAgo: 30 },
    { id: "orbitshort1", channelId: ORBIT, title: "A Short", isShort: true, durationSeconds: 40 },
    { id: "orbitold001", channelId: ORBIT, title: "Last month", hoursAgo: 24 * 20 },
    { id: "kitchennew1", channelId: KITCHEN, title: "Knife skills", hoursAgo: 20 },
    { id: "kitchenbad1", channelId: KITCHEN, title: "Unsummarisable", hoursAgo: 15 },
    { id: "quietold001", channelId: QUIET, title: "Long ago", hoursAgo: 24 * 30 },
  ]);
  const writes: string[] = [];
  const writer: SummaryWriter = {
    name: "digest-test",
    version: "1",
    async write(input) {
      writes.push(input.video.videoId);
      if (input.video.videoId === "kitchenbad1" || input.video.videoId === "brokenonly1") {
        throw new SummaryFailedError("The model kept answering in the wrong shape.");
      }
      if (input.video.videoId === "offline0001") throw new WriterUnavailableError("The model is down.");
      return plainSummary(input);
    },
  };
  const jobs = fastDigestJobs();
  let summariser: SummariserUnderTest;
  let events: DigestEvents;
  // A slot two hours after this week's Monday 09:00 UTC: catching up, as after a scheduler outage.
  const week = digestWeek("UTC", new Date());
  const slot = new Date(week.dueAt.getTime() + 2 * HOUR_MS);
  const longAgo = daysFrom(week.dueAt, -30);

  beforeAll(async () => {
    summariser = await startSummariser({ writer, catalog: catalog.client, jobs });
    events = digestEvents(summariser.testBus.bus, summariser.database.db);
  });
  afterAll(() => summariser.stop());

  const db = () => summariser.database.db;
  const due = (at: Date, id = scheduleEventId("digest.due", at)) =>
    summariser.testBus.bus.publish("digest.due", { slot: at.toISOString() }, { correlationId: "test", id });
  const digestsOf = (userIds: string[]) =>
    db()
      .selectFrom("digests")
      .select(["user_id", "week_key", "status", "reason", "newsletter_id"])
      .where("user_id", "in", userIds)
      .execute();
  const composedEvents = (userIds: string[]) => composedEventsOf(db(), userIds);
  const settled = async (userIds: string[]) => {
    await expect
      .poll(
        async () => {
          const rows = await digestsOf(userIds);
          return rows.length > 0 && rows.every((row) => !["queued", "composing"].includes(row.status));
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    return digestsOf(userIds);
  };

  /** A user with an account from a month ago, reading in `timeZone`, following `channels`. */
  async function reader(
    access: (userId: string) => Promise<unknown>,
    options: { timeZone?: string; channels?: [string, string][]; registeredAt?: Date } = {},
  ): Promise<string> {
    const userId = randomUUID();
    await events.register(userId, {
      timeZone: options.timeZone ?? "UTC",
      at: options.registeredAt ?? longAgo,
    });
    await access(userId);
    const channels = options.channels ?? [
      [ORBIT, "Pocket Orbit"],
      [KITCHEN, "Copper Pan Kitchen"],
    ];
    for (const [id, title] of channels) await events.follow(userId, id, title, longAgo);
    return userId;
  }
  /** An earlier digest of the user's, which looked at everything up to `coveredUntil`. */
  const lastDigestCovered = (userId: string, coveredUntil: Date) =>
    db()
      .insertInto("digests")
      .values({
        user_id: userId,
        week_key: "2000-W01",
        week_start: "2000-01-03",
        status: "skipped",
        reason: "no-new-videos",
        slot: coveredUntil,
        due_at: coveredUntil,
        covered_until: coveredUntil,
      })
      .execute();
  const onTrial = (userId: string) => events.startTrial(userId, daysFrom(slot, 3), longAgo);
  const paying = (userId: string) => events.activate(userId, longAgo);

  it("queues exactly the due and eligible, composes each one newsletter, and skips those with nothing new", async () => {
    const trial = await reader(onTrial);
    const active = await reader(paying);
    const cancelled = await reader(async (userId) => {
      await events.activate(userId, longAgo);
      await events.cancel(userId, daysFrom(longAgo, 1));
    });
    const trialOver = await reader(async (userId) => {
      await events.startTrial(userId, daysFrom(slot, -1), longAgo);
      await events.endTrial(userId, daysFrom(slot, -1));
    });
    const expired = await reader(async (userId) => {
      await events.activate(userId, longAgo);
      await events.expire(userId, daysFrom(slot, -2));
    });
    const unsubscribed = await reader(async (userId) => {
      await paying(userId);
      await events.unsubscribe(userId, daysFrom(slot, -1));
    });
    // Registered after this week's 09:00: their first digest is next week's.
    const newcomer = await reader(paying, { registeredAt: new Date(week.dueAt.getTime() + HOUR_MS) });
    // Monday 09:00 in Los Angeles is hours after the slot.
    const later = await reader(paying, { timeZone: "America/Los_Angeles" });
    const nothingNew = await reader(paying, { channels: [[QUIET, "Quiet Channel"]] });
    const noChannels = await reader(paying, { channels: [] });
    await events.applied();

    await due(slot);
    const everyone = [
      trial,
      active,
      cancelled,
      trialOver,
      expired,
      unsubscribed,
      newcomer,
      later,
      nothingNew,
      noChannels,
    ];
    const rows = await settled(everyone);
    const byUser = new Map(rows.map((row) => [row.user_id, row]));
    expect(new Set(byUser.keys())).toEqual(new Set([trial, active, cancelled, nothingNew, noChannels]));
    for (const userId of [trial, active, cancelled]) {
      expect(byUser.get(userId)).toMatchObject({
        week_key: week.weekKey,
        status: "composed",
        reason: "1 video(s) left out: no summary",
      });
    }
    expect(byUser.get(nothingNew)).toMatchObject({
      status: "skipped",
      reason: "no-new-videos",
      newsletter_id: null,
    });
    expect(byUser.get(noChannels)).toMatchObject({
      status: "skipped",
      reason: "no-channels",
      newsletter_id: null,
    });

    const composed = await composedEvents(everyone);
    expect(composed.map((event) => event.data.userId).sort()).toEqual([trial, active, cancelled].sort());
    const [event] = composed.filter((e) => e.data.userId === trial);
    expect(event.data.newsletterId).toBe(byUser.get(trial)?.newsletter_id);
    expect(event.data.weekLabel).toBe(
      `Week of ${weekStartDay(week.weekStart)} ${week.weekStart.slice(0, 4)}`,
    );
    expect(event.data.subject).toBe(
      `Your week of ${weekStartDay(week.weekStart)}: Pocket Orbit and Copper Pan Kitchen`,
    );
    expect(event.data.channels.map((channel: { title: string }) => channel.title)).toEqual([
      "Pocket Orbit",
      "Copper Pan Kitchen",
    ]);
    expect(event.data.channels[0].videos.map((video: { title: string }) => video.title)).toEqual([
      "Rockets, gently",
      "Moons of Jupiter",
    ]);
    expect(event.data.channels[1].videos).toEqual([
      {
        title: "Knife skills",
        url: "https://www.youtube.com/watch?v=kitchennew1",
        publishedAt: expect.any(String),
        summaryMarkdown: expect.stringContaining("Knife skills, point 1"),
      },
    ]);

    const newsletter = await db()
      .selectFrom("newsletters")
      .selectAll()
      .where("user_id", "=", trial)
      .executeTakeFirstOrThrow();
    expect(newsletter).toMatchObject({ week_key: week.weekKey, subject: event.data.subject, sent_at: null });
    expect(newsletter.channels).toEqual(event.data.channels);
    expect(newsletter.content).toContain("## Pocket Orbit");
    expect(newsletter.content).toContain(
      "### [Unsummarisable](https://www.youtube.com/watch?v=kitchenbad1)\n\n_This video could not be summarised: The model kept answering in the wrong shape._",
    );
    expect(newsletter.content).not.toContain("A Short");
    expect(newsletter.content).not.toContain("Last month");

    // Each video summarised once for all three readers; the failed one is not tried again for the others.
    expect([...writes].sort()).toEqual(["kitchenbad1", "kitchennew1", "orbitnew001", "orbitnew002"]);

    // The same slot again (a redelivery, a second scheduler) and the next slots of the window add nothing.
    await due(slot);
    await due(new Date(slot.getTime() + 15 * 60_000));
    await due(new Date(slot.getTime() + 30 * 60_000), randomUUID());
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await composedEvents(everyone)).toHaveLength(3);
    expect(await digestsOf(everyone)).toHaveLength(5);
    expect(
      await db().selectFrom("newsletters").select("id").where("user_id", "in", everyone).execute(),
    ).toHaveLength(3);

    // newsletter.sent records when it went, once (it takes no inbox row: the mark is set only where none is).
    const sentAt = new Date(slot.getTime() + 60_000);
    const sent = { newsletterId: newsletter.id, userId: trial, sentAt: sentAt.toISOString() };
    const sentAtOf = async () =>
      (
        await db()
          .selectFrom("newsletters")
          .select("sent_at")
          .where("id", "=", newsletter.id)
          .executeTakeFirst()
      )?.sent_at;
    await events.publish("newsletter.sent", sent);
    await eventually(async () => ((await sentAtOf())?.getTime() === sentAt.getTime() ? true : undefined));
    await events.publish("newsletter.sent", { ...sent, sentAt: new Date().toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await sentAtOf()).toEqual(sentAt);

    const metrics = (await summariser.app.inject("/metrics")).body;
    expect(metrics).toMatch(
      /summariser_digests_total\{outcome="composed",reason="",service="summariser"\} 3/,
    );
    expect(metrics).toMatch(
      /summariser_digests_total\{outcome="skipped",reason="no-new-videos",service="summariser"\} 1/,
    );
    expect(metrics).toMatch(/summariser_newsletters_sent_total\{service="summariser"\} 1/);
    // The slot came two hours after the reader's due time and the mail a minute later: observed once, late.
    const delay = "summariser_digest_delivery_delay_seconds";
    expect(metrics).toContain(`${delay}_sum{service="summariser"} 7260\n`);
    expect(metrics).toContain(`${delay}_bucket{le="900",service="summariser"} 0\n`);
    expect(metrics).toContain(`${delay}_bucket{le="10800",service="summariser"} 1\n`);
    expect(metrics).toMatch(/summariser_llm_calls_total\{purpose="summary",service="summariser"\} 3/);
    expect(metrics).toMatch(
      /summariser_llm_tokens_total\{purpose="summary",kind="prompt",service="summariser"\} 300/,
    );
  });

  it("mails a reader's first digest as soon as their plan has started and they follow a channel, once", async () => {
    // The plan first, then the channel; and the other way round: whichever comes last completes it.
    const planFirst = randomUUID();
    await events.register(planFirst);
    await events.activate(planFirst);
    await events.follow(planFirst, ORBIT, "Pocket Orbit");
    const channelFirst = randomUUID();
    await events.register(channelFirst);
    await events.follow(channelFirst, KITCHEN, "Copper Pan Kitchen");
    await events.activate(channelFirst);
    // The free days alone send none: the weekly digest comes when it is due.
    const onFreeDays = randomUUID();
    await events.register(onFreeDays);
    await events.startTrial(onFreeDays, daysFrom(new Date(), 7));
    await events.follow(onFreeDays, ORBIT, "Pocket Orbit");
    // A start long past (events replayed after an outage) is no start now.
    const longStarted = await reader(paying);
    await events.applied();

    const rows = await settled([planFirst, channelFirst]);
    expect(rows.map((row) => [row.user_id, row.week_key, row.status])).toEqual(
      expect.arrayContaining([
        [planFirst, "first", "composed"],
        [channelFirst, "first", "composed"],
      ]),
    );
    const [first] = (await composedEvents([planFirst])) as { data: { channels: { title: string }[] } }[];
    expect(first?.data.channels.map((channel) => channel.title)).toEqual(["Pocket Orbit"]);
    // Another channel, or the plan again, makes no second first digest.
    await events.follow(planFirst, KITCHEN, "Copper Pan Kitchen");
    await events.activate(planFirst);
    await events.applied();
    expect(await digestsOf([planFirst])).toHaveLength(1);
    expect(await composedEvents([planFirst])).toHaveLength(1);
    expect(await digestsOf([onFreeDays, longStarted])).toEqual([]);
  });

  it("covers only what is new since the last digest", async () => {
    const userId = await reader(paying);
    await events.applied();
    // Last week's digest looked at everything up to 12 hours ago.
    await lastDigestCovered(userId, new Date(Date.now() - 12 * HOUR_MS));
    await due(slot, randomUUID());
    await expect.poll(async () => (await composedEvents([userId])).length, { timeout: 10_000 }).toBe(1);
    const [event] = await composedEvents([userId]);
    expect(event.data.channels).toEqual([
      expect.objectContaining({
        title: "Pocket Orbit",
        videos: [expect.objectContaining({ title: "Rockets, gently" })],
      }),
    ]);
  });

  it("covers the fortnight since the last digest, but only the last week for a reader back after longer", async () => {
    // Uploads dated from this week's Monday 09:00, when the readers' digests are due.
    const daysBeforeDue = (days: number) => (Date.now() - week.dueAt.getTime() + days * DAY_MS) / HOUR_MS;
    catalog.add({
      id: "atlas3days1",
      channelId: ATLAS,
      title: "Three days before",
      hoursAgo: daysBeforeDue(3),
    });
    catalog.add({
      id: "atlas9days1",
      channelId: ATLAS,
      title: "Nine days before",
      hoursAgo: daysBeforeDue(9),
    });
    catalog.add({
      id: "atlas16days",
      channelId: ATLAS,
      title: "Sixteen days before",
      hoursAgo: daysBeforeDue(16),
    });
    // One of its channels is gone from catalog: passed over, not a failure.
    const lastFortnight = await reader(paying, {
      channels: [
        [channelId("n"), "No longer on YouTube"],
        [ATLAS, "Atlas"],
      ],
    });
    const backAfterLonger = await reader(paying, { channels: [[ATLAS, "Atlas"]] });
    await events.applied();
    await lastDigestCovered(lastFortnight, new Date(week.dueAt.getTime() - 10 * DAY_MS));
    await lastDigestCovered(backAfterLonger, new Date(week.dueAt.getTime() - 17 * DAY_MS));
    await due(slot, randomUUID());
    await expect
      .poll(async () => (await composedEvents([lastFortnight, backAfterLonger])).length, { timeout: 10_000 })
      .toBe(2);
    const titles = async (userId: string) => {
      const [event] = await composedEvents([userId]);
      return event.data.channels[0].videos.map((video: { title: string }) => video.title);
    };
    expect(await titles(lastFortnight)).toEqual(["Three days before", "Nine days before"]);
    expect((await composedEvents([lastFortnight]))[0].data.channels).toHaveLength(1);
    expect(await titles(backAfterLonger)).toEqual(["Three days before"]);
  });

  it("skips a digest whose every new video cannot be summarised, and fails one whose video waits on the model's outage rather than leave it out", async () => {
    catalog.add({ id: "brokenonly1", channelId: BROKEN, title: "Unsummarisable too", hoursAgo: 5 });
    catalog.add({
      id: "offline0001",
      channelId: OFFLINE,
      title: "Made while the model is down",
      hoursAgo: 5,
    });
    const unsummarisable = await reader(paying, { channels: [[BROKEN, "Broken"]] });
    // An outage is not the video's fault: the digest waits for the model rather than leave the video out.
    const outage = await reader(paying, { channels: [[OFFLINE, "Offline"]] });
    await events.applied();
    await due(slot, randomUUID());
    const rows = await settled([unsummarisable, outage]);
    expect(rows.find((row) => row.user_id === unsummarisable)).toMatchObject({
      status: "skipped",
      reason: "no-summaries",
    });
    expect(rows.find((row) => row.user_id === outage)).toMatchObject({
      status: "failed",
      reason: expect.stringMatching(/could not be written just now/),
    });
    expect(await composedEvents([unsummarisable, outage])).toEqual([]);
  });

  it("reads a digest's summaries made earlier in one statement, leasing none of them again", async () => {
    // Made by the first digests here: the week's two Pocket Orbit videos.
    const userId = await reader(paying, { channels: [[ORBIT, "Pocket Orbit"]] });
    await events.applied();
    const statements: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [text] = args;
      const sqlText = typeof text === "string" ? text : ((text as { text?: string } | undefined)?.text ?? "");
      if (sqlText.includes('"summaries"')) statements.push(sqlText);
      return (query as (...rest: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
    try {
      await due(slot, randomUUID());
      await expect.poll(async () => (await composedEvents([userId])).length, { timeout: 10_000 }).toBe(1);
    } finally {
      pg.Client.prototype.query = query;
    }
    const [event] = await composedEvents([userId]);
    expect(event.data.channels[0].videos).toHaveLength(2);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^select .* from "summaries" where "video_id" in/);
  });

  it("asks catalog once for all of a digest's channels, not once a channel", async () => {
    const userId = await reader(paying);
    await events.applied();
    const before = { ...catalog.calls };
    await due(slot, randomUUID());
    await expect.poll(async () => (await composedEvents([userId])).length, { timeout: 10_000 }).toBe(1);
    const [event] = await composedEvents([userId]);
    expect(event.data.channels.map((channel: { title: string }) => channel.title).sort()).toEqual([
      "Copper Pan Kitchen",
      "Pocket Orbit",
    ]);
    expect(catalog.calls.channelsVideos - before.channelsVideos).toBe(1);
    expect(catalog.calls.channelVideos).toBe(before.channelVideos);
  });

  it("tries again when catalog is down, fails after the last try, and an operator's rerun composes it", async () => {
    const attempts = async (userId: string) =>
      (await db().selectFrom("digests").select("attempts").where("user_id", "=", userId).executeTakeFirst())
        ?.attempts ?? 0;
    const flaky = await reader(paying);
    await events.applied();
    catalog.setDown(true);
    await due(slot, randomUUID());
    await expect.poll(() => attempts(flaky), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    catalog.setDown(false);
    expect((await settled([flaky]))[0]?.status).toBe("composed");
    expect(await composedEvents([flaky])).toHaveLength(1);

    const down = await reader(paying);
    await events.applied();
    catalog.setDown(true);
    await due(slot, randomUUID());
    const [failed] = await settled([down]);
    catalog.setDown(false);
    expect(failed).toMatchObject({ status: "failed", reason: expect.stringMatching(/catalog/) });
    expect(await attempts(down)).toBe(5);
    expect(await composedEvents([down])).toHaveLength(0);

    const key = { userId: down, weekKey: week.weekKey };
    expect(await rerunDigest(db(), jobs, key)).toMatchObject({ status: "queued" });
    expect(await rerunDigest(db(), jobs, key)).toBeUndefined();
    expect((await settled([down]))[0]?.status).toBe("composed");
    expect(await composedEvents([down])).toHaveLength(1);
    const metrics = (await summariser.app.inject("/metrics")).body;
    // This one, and the model's outage's above.
    expect(metrics).toMatch(/summariser_digests_total\{outcome="failed",reason="",service="summariser"\} 2/);
  });
});
