import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { createTestBus, type TestBus } from "@tubedigest/bus/testing";
import { scheduleEventId } from "@tubedigest/contracts/schedule-event-id";
import { eventually } from "@tubedigest/testing/eventually";
import { type FakeOpenAiApi, startFakeOpenAiApi } from "@tubedigest/testing/openai";
import { deleteRedisKeys } from "@tubedigest/testing/redis-keys";
import { uniqueName } from "@tubedigest/testing/test-infra";
import { createTestSchema } from "@tubedigest/testing/test-schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { digestWeek } from "../src/digest/digest-week.ts";
import { bullMqDigestJobs, heldBack } from "./support/bullmq-digest-jobs.ts";
import { catalogStandIn, type StandInVideo } from "./support/catalog-stand-in.ts";
import { channelId, daysFrom, digestEvents } from "./support/digest-events.ts";
import {
  type SummariserUnderTest,
  startSummariser,
  transcriptAbout,
  transcriptsFrom,
} from "./support/summariser-harness.ts";
import { openAiWriterFor } from "./support/test-writers.ts";

const doomedReplica = fileURLToPath(new URL("./support/doomed-replica.ts", import.meta.url));
const CHANNELS = ["p", "q", "r"].map(channelId);

// Three channels with three videos each this week, and a Short the digest leaves out.
const videos: StandInVideo[] = CHANNELS.flatMap((channel, c) => [
  ...[0, 1, 2].map((v) => ({
    id: `dig${c}${v}`.padEnd(11, "x"),
    channelId: channel,
    title: `Channel ${c} video ${v}`,
    hoursAgo: 5 + c + v * 12,
  })),
  {
    id: `dshort${c}`.padEnd(11, "s"),
    channelId: channel,
    title: "A Short",
    isShort: true,
    durationSeconds: 30,
  },
]);

describe("two replicas on one schema and one BullMQ queue, a third killed mid-digest (Postgres, RabbitMQ, Redis, the real openai SDK)", () => {
  let fake: FakeOpenAiApi;
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let testBus: TestBus;
  let doomed: ChildProcess | undefined;
  const replicas: SummariserUnderTest[] = [];
  const prefix = uniqueName("digests");
  const held = [heldBack(bullMqDigestJobs(prefix)), heldBack(bullMqDigestJobs(prefix))];
  let output = "";

  beforeAll(async () => {
    fake = await startFakeOpenAiApi({ latencyMs: 100 });
    schema = await createTestSchema("summariser");
    testBus = await createTestBus("rabbitmq");
    // The doomed replica migrates the schema and takes the first jobs, before the others work.
    doomed = spawn(process.execPath, [
      "--import",
      "tsx",
      doomedReplica,
      schema.url,
      schema.schema,
      prefix,
      JSON.stringify(videos),
    ]);
    doomed.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    await eventually(() => (output.includes("ready") ? true : undefined), 30_000);
    const catalog = catalogStandIn(videos);
    const transcripts = transcriptsFrom(
      Object.fromEntries(videos.map((video) => [video.id, transcriptAbout(video.title)])),
    );
    for (const [index, { queue }] of held.entries()) {
      replicas.push(
        await startSummariser(
          {
            writer: openAiWriterFor(fake),
            transcripts: transcripts.source,
            catalog: catalog.client,
            leases: { owner: `replica-${index}`, pollMs: 50 },
            jobs: queue,
          },
          { schema: { url: schema.url, schema: schema.schema }, testBus },
        ),
      );
    }
  }, 60_000);

  afterAll(async () => {
    doomed?.kill("SIGKILL");
    await testBus.bus.close();
    for (const replica of replicas) await replica.stop();
    await testBus.cleanup();
    await schema.drop();
    await deleteRedisKeys(prefix);
    await fake.close();
  });

  it("makes exactly one newsletter per user and one model call per distinct video", async () => {
    const [first] = replicas;
    if (!first) throw new Error("no replica");
    const events = digestEvents(testBus.bus, first.database.db);
    const week = digestWeek("UTC", new Date());
    const longAgo = daysFrom(week.dueAt, -30);
    // Eight readers, each following two of the three channels: every video is wanted by several at once.
    const readers = Array.from({ length: 8 }, () => randomUUID());
    for (const [index, userId] of readers.entries()) {
      await events.register(userId, { at: longAgo });
      await events.activate(userId, longAgo);
      for (const channel of [CHANNELS[index % 3], CHANNELS[(index + 1) % 3]]) {
        await events.follow(userId, channel ?? "", `Channel ${CHANNELS.indexOf(channel ?? "")}`, longAgo);
      }
    }
    await events.applied();

    await testBus.bus.publish(
      "digest.due",
      { slot: week.dueAt.toISOString() },
      { correlationId: "test", id: scheduleEventId("digest.due", week.dueAt) },
    );
    // The doomed replica is mid-digest, its summaries leased and never to be written: kill it there.
    await eventually(() => (output.includes("writing") ? true : undefined), 20_000);
    for (const { start } of held) start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    doomed?.kill("SIGKILL");

    const db = first.database.db;
    await expect
      .poll(
        async () =>
          (await db.selectFrom("digests").select("status").where("user_id", "in", readers).execute()).filter(
            (row) => row.status === "composed",
          ).length,
        { timeout: 30_000, interval: 200 },
      )
      .toBe(readers.length);

    const newsletters = await db
      .selectFrom("newsletters")
      .select("user_id")
      .where("user_id", "in", readers)
      .execute();
    expect(newsletters.map((row) => row.user_id).sort()).toEqual([...readers].sort());
    const composed = await db
      .selectFrom("outbox")
      .select("event")
      .where("event_name", "=", "newsletter.composed")
      .execute();
    expect(composed).toHaveLength(readers.length);

    // 3 channels × 3 videos, each summarised once by whichever replica leased it; the Shorts never.
    expect(fake.calls).toBe(9);
    const summaries = await db.selectFrom("summaries").select(["status", "attempts", "llm_calls"]).execute();
    expect(summaries).toHaveLength(9);
    expect(summaries.every((row) => row.status === "ready" && row.llm_calls === 1)).toBe(true);
    // What the dead replica had leased was taken over when its leases lapsed.
    expect(summaries.some((row) => row.attempts > 1)).toBe(true);
    const digests = await db
      .selectFrom("digests")
      .select("attempts")
      .where("user_id", "in", readers)
      .execute();
    expect(digests.some((row) => row.attempts > 1)).toBe(true);
  }, 60_000);
});
