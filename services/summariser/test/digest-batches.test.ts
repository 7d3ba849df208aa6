import { randomUUID } from "node:crypto";
import { createInProcessJobQueue } from "@tubedigest/jobs";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type SummaryWriter,
  WriterUnavailableError,
} from "../src/adapters/summary-writers/summary-writer.ts";
import {
  addComposeJobs,
  COMPOSE_ATTEMPTS,
  DIGEST_BATCH_SIZE,
  DIGEST_JOB_NAMES,
  type DigestJobs,
} from "../src/digest/digest-jobs.ts";
import { digestWeek } from "../src/digest/digest-week.ts";
import { catalogStandIn } from "./support/catalog-stand-in.ts";
import { composedEventsOf } from "./support/composed-events.ts";
import { channelId, type DigestEvents, daysFrom, digestEvents } from "./support/digest-events.ts";
import { type SummariserUnderTest, startSummariser } from "./support/summariser-harness.ts";
import { plainSummary } from "./support/test-writers.ts";

const ORBIT = channelId("o");
const KITCHEN = channelId("k");
const QUIET = channelId("q");

describe("compose jobs of a batch of readers: exactly once, whoever runs them and however often (Postgres, RabbitMQ)", () => {
  const catalog = catalogStandIn(
    [
      { id: "orbitnew001", channelId: ORBIT, title: "Rockets, gently", hoursAgo: 10 },
      { id: "orbitnew002", channelId: ORBIT, title: "Moons of Jupiter", hoursAgo: 30 },
      { id: "kitchennew1", channelId: KITCHEN, title: "Knife skills", hoursAgo: 20 },
      { id: "quietold001", channelId: QUIET, title: "Long ago", hoursAgo: 24 * 30 },
    ],
    { [ORBIT]: "Pocket Orbit", [KITCHEN]: "Copper Pan Kitchen", [QUIET]: "Quiet Channel" },
  );
  const writes: string[] = [];
  // The model is down for one video's first call: the readers of that video wait for the retry.
  let outageFor: string | undefined;
  const writer: SummaryWriter = {
    name: "batch-test",
    version: "1",
    async write(input) {
      writes.push(input.video.videoId);
      if (input.video.videoId === outageFor) {
        outageFor = undefined;
        throw new WriterUnavailableError("The model is down.");
      }
      return plainSummary(input);
    },
  };
  // Tries a second apart, so the test sees an outage stored before the next try.
  const jobs = createInProcessJobQueue<DigestJobs>({
    name: "summariser-digests",
    jobNames: DIGEST_JOB_NAMES,
    log: pino({ level: "silent" }),
    attempts: COMPOSE_ATTEMPTS,
    backoffMs: 1_000,
  });
  // The summariser's clock, moved on past an outage's wait (a summary that failed for an outage is tried
  // again by its next asker 30 s later).
  let clockOffsetMs = 0;
  const now = () => new Date(Date.now() + clockOffsetMs);
  let summariser: SummariserUnderTest;
  let events: DigestEvents;
  const week = digestWeek("UTC", new Date());
  const longAgo = daysFrom(week.dueAt, -30);

  beforeAll(async () => {
    summariser = await startSummariser({ writer, catalog: catalog.client, jobs, now });
    events = digestEvents(summariser.testBus.bus, summariser.database.db);
  });
  afterAll(() => summariser.stop());

  const db = () => summariser.database.db;

  /** A paying reader following `channels`, with this week's digest queued (as the fan-out queues it). */
  async function queuedReader(channels: [string, string][]): Promise<string> {
    const userId = randomUUID();
    await events.register(userId, { timeZone: "UTC", at: longAgo });
    await events.activate(userId, longAgo);
    for (const [id, title] of channels) await events.follow(userId, id, title, longAgo);
    await events.applied();
    await db()
      .insertInto("digests")
      .values({
        user_id: userId,
        week_key: week.weekKey,
        week_start: week.weekStart,
        due_at: week.dueAt,
        slot: week.dueAt,
        status: "queued",
      })
      .execute();
    return userId;
  }
  const queuedReaders = (count: number, channels: [string, string][]) =>
    Promise.all(Array.from({ length: count }, () => queuedReader(channels)));

  const settled = async (userIds: string[]) => {
    await expect
      .poll(
        async () => {
          const rows = await db()
            .selectFrom("digests")
            .select("status")
            .where("user_id", "in", userIds)
            .execute();
          return rows.every((row) => !["queued", "composing"].includes(row.status));
        },
        { timeout: 20_000 },
      )
      .toBe(true);
  };
  const newslettersOf = (userIds: string[]) =>
    db().selectFrom("newsletters").select(["user_id", "id"]).where("user_id", "in", userIds).execute();
  const keysOf = (userIds: string[]) => userIds.map((userId) => ({ userId, weekKey: week.weekKey }));
  const statusesOf = async (userIds: string[]) =>
    Object.fromEntries(
      (
        await db()
          .selectFrom("digests")
          .select(["user_id", "status", "reason"])
          .where("user_id", "in", userIds)
          .execute()
      ).map((row) => [row.user_id, `${row.status}${row.reason ? ` (${row.reason})` : ""}`]),
    );

  it("composes a batch run twice at once, and again after, into one newsletter and one event per reader", async () => {
    const readers = await queuedReaders(6, [
      [ORBIT, "Pocket Orbit"],
      [KITCHEN, "Copper Pan Kitchen"],
    ]);
    const asked = catalog.calls.channelsVideos;
    // Two jobs holding the same readers (a batch regrouped by a repeated fan-out, a stalled job run again).
    await jobs.add("compose-digests", { keys: keysOf(readers) }, { jobId: `first:${readers[0]}` });
    await jobs.add("compose-digests", { keys: keysOf(readers) }, { jobId: `second:${readers[0]}` });
    await settled(readers);
    // Once more, after both ended: nothing is left to compose.
    await jobs.add("compose-digests", { keys: keysOf(readers) }, { jobId: `third:${readers[0]}` });
    await new Promise((resolve) => setTimeout(resolve, 300));

    const newsletters = await newslettersOf(readers);
    expect(newsletters.map((row) => row.user_id).sort()).toEqual([...readers].sort());
    const composed = await composedEventsOf(db(), readers);
    expect(composed.map((event) => event.data.userId).sort()).toEqual([...readers].sort());
    expect(new Set(composed.map((event) => event.data.newsletterId))).toEqual(
      new Set(newsletters.map((row) => row.id)),
    );
    // Catalog is asked once per job that held readers, not once per reader.
    expect(catalog.calls.channelsVideos - asked).toBeLessThanOrEqual(2);
    // Each video summarised once for all six.
    expect(writes.filter((id) => id === "orbitnew001")).toHaveLength(1);
  });

  it("tries again the readers an outage touched, and only those, each composed once", async () => {
    const touched = await queuedReaders(3, [[ORBIT, "Pocket Orbit"]]);
    const spared = await queuedReaders(3, [[KITCHEN, "Copper Pan Kitchen"]]);
    // Summaries of these videos are made in this test, the outage on the first call for one of them.
    await db().deleteFrom("summaries").execute();
    outageFor = "orbitnew002";
    await jobs.add(
      "compose-digests",
      { keys: keysOf([...touched, ...spared]) },
      { jobId: `outage:${touched[0]}` },
    );
    // The first try stored the outage and put the touched readers back in the queue; the spared are done.
    await expect
      .poll(async () => Object.values(await statusesOf(touched)), { timeout: 10_000 })
      .toEqual(touched.map(() => expect.stringMatching(/^queued \(summary of orbitnew002 not made yet/)));
    clockOffsetMs += 31_000;
    await settled([...touched, ...spared]);

    const all = [...touched, ...spared];
    expect(Object.values(await statusesOf(all))).toEqual(all.map(() => "composed"));
    expect((await newslettersOf(all)).map((row) => row.user_id).sort()).toEqual([...all].sort());
    expect((await composedEventsOf(db(), all)).map((event) => event.data.userId).sort()).toEqual(
      [...all].sort(),
    );
    // The spared readers' digests were composed on the first try: their row was leased once.
    const attempts = await db()
      .selectFrom("digests")
      .select(["user_id", "attempts"])
      .where("user_id", "in", all)
      .execute();
    for (const row of attempts) expect(row.attempts).toBe(touched.includes(row.user_id) ? 2 : 1);
  });

  it("leaves out of a batch's mail a reader with nothing new, one paused, and one with no channels", async () => {
    const mailed = await queuedReaders(2, [[ORBIT, "Pocket Orbit"]]);
    const [nothingNew] = await queuedReaders(1, [[QUIET, "Quiet Channel"]]);
    const [paused] = await queuedReaders(1, [[ORBIT, "Pocket Orbit"]]);
    const [noChannels] = await queuedReaders(1, []);
    if (!nothingNew || !paused || !noChannels) throw new Error("readers missing");
    await events.publish("digest.paused", { userId: paused, until: null }, longAgo);
    await events.applied();
    const all = [...mailed, nothingNew, paused, noChannels];
    await jobs.add("compose-digests", { keys: keysOf(all) }, { jobId: `nothing:${nothingNew}` });
    await settled(all);

    expect(await statusesOf(all)).toEqual({
      [mailed[0] ?? ""]: "composed",
      [mailed[1] ?? ""]: "composed",
      [nothingNew]: "skipped (no-new-videos)",
      [paused]: "skipped (paused)",
      [noChannels]: "skipped (no-channels)",
    });
    expect((await newslettersOf(all)).map((row) => row.user_id).sort()).toEqual([...mailed].sort());
    expect((await composedEventsOf(db(), all)).map((event) => event.data.userId).sort()).toEqual(
      [...mailed].sort(),
    );
  });

  it("adds a fan-out's rows in batches, the same batches however often it is repeated", async () => {
    const rows = Array.from({ length: DIGEST_BATCH_SIZE + 3 }, () => ({
      user_id: randomUUID(),
      week_key: week.weekKey,
      attempts: 0,
    }));
    const added: { name: string; keys: number; jobId: string }[] = [];
    const recorder = {
      ...jobs,
      async addBulk(batch: readonly { name: string; data: unknown; options: { jobId: string } }[]) {
        for (const job of batch) {
          const data = job.data as { keys?: unknown[] };
          added.push({ name: job.name, keys: data.keys?.length ?? 1, jobId: job.options.jobId });
        }
      },
    } as typeof jobs;
    await addComposeJobs(recorder, rows);
    await addComposeJobs(recorder, [...rows].reverse());
    const [first, second] = [added.slice(0, 2), added.slice(2)];
    expect(first.map((job) => [job.name, job.keys])).toEqual([
      ["compose-digests", DIGEST_BATCH_SIZE],
      ["compose-digests", 3],
    ]);
    expect(second).toEqual(first);
    // A row alone keeps the job of its own, as a digest asked for now is queued.
    added.length = 0;
    const [alone] = rows;
    if (!alone) throw new Error("no row");
    await addComposeJobs(recorder, [alone]);
    expect(added).toEqual([
      { name: "compose-digest", keys: 1, jobId: `digest:${alone.user_id}:${week.weekKey}` },
    ]);
  });
});
