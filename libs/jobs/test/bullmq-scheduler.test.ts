import { eventually } from "@tubedigest/testing/eventually";
import { deleteRedisKeys } from "@tubedigest/testing/redis-keys";
import { testInfra, uniqueName } from "@tubedigest/testing/test-infra";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createBullMqScheduler, type Scheduler } from "../src/index.ts";

const log = pino({ level: "silent" });
const everySecond = { pattern: "* * * * * *", timeZone: "UTC" };
const prefixes: string[] = [];
const schedulers: Scheduler[] = [];

function newScheduler(prefix: string) {
  const scheduler = createBullMqScheduler({
    redisUrl: testInfra.redisUrl,
    prefix,
    queueName: "schedules",
    log,
  });
  schedulers.push(scheduler);
  return scheduler;
}

function newPrefix() {
  const prefix = uniqueName("schedules");
  prefixes.push(prefix);
  return prefix;
}

afterEach(async () => {
  await Promise.all(schedulers.splice(0).map((scheduler) => scheduler.close()));
  await Promise.all(prefixes.splice(0).map((prefix) => deleteRedisKeys(prefix)));
});

describe("the BullMQ scheduler", () => {
  it("fires each slot once across two replicas, with the slot the pattern named", async () => {
    const prefix = newPrefix();
    const fired: { replica: string; schedule: string; slot: number }[] = [];
    for (const replica of ["a", "b"]) {
      await newScheduler(prefix).start([{ id: "tick", ...everySecond }], async (schedule, slot) => {
        fired.push({ replica, schedule, slot: slot.getTime() });
      });
    }
    await eventually(() => (fired.length >= 3 ? true : undefined));
    const slots = fired.map((fire) => fire.slot);
    expect(new Set(slots).size).toBe(slots.length);
    expect(slots.every((slot) => slot % 1000 === 0)).toBe(true);
    expect(fired.every((fire) => fire.schedule === "tick")).toBe(true);
  });

  it("fires a slot again when firing it failed", async () => {
    const prefix = newPrefix();
    const tries: number[] = [];
    await newScheduler(prefix).start([{ id: "tick", ...everySecond }], async (_schedule, slot) => {
      tries.push(slot.getTime());
      if (tries.length === 1) throw new Error("the bus is away");
    });
    // The retry waits 2 s; the slots after the first go on meanwhile.
    await eventually(() => (tries.slice(1).includes(tries[0] ?? -1) ? true : undefined), 8_000);
  });

  it("sets its schedules again when Redis comes back without them", async () => {
    const prefix = newPrefix();
    const fired: number[] = [];
    await newScheduler(prefix).start([{ id: "tick", ...everySecond }], async (_schedule, slot) => {
      fired.push(slot.getTime());
    });
    await eventually(() => (fired.length >= 1 ? true : undefined));
    // What a restart of a Redis without persistence does: every connection dropped, nothing kept.
    const admin = new Redis(testInfra.redisUrl);
    const clients = ((await admin.client("LIST")) as string).split("\n");
    const ours = clients.filter((line) => line.includes(`name=${prefix}:`));
    expect(ours.length).toBeGreaterThan(0);
    await deleteRedisKeys(prefix);
    for (const line of ours) await admin.client("KILL", "ID", line.match(/id=(\d+)/)?.[1] ?? "");
    await admin.quit();
    const firedBefore = fired.length;
    await eventually(() => (fired.length > firedBefore + 1 ? true : undefined), 8_000);
  });

  it("removes the schedules no longer listed, and leaves an unchanged one's next slot alone", async () => {
    const prefix = newPrefix();
    const hourly = { pattern: "0 * * * *", timeZone: "UTC" };
    const first = newScheduler(prefix);
    await first.start(
      [
        { id: "kept", ...hourly },
        { id: "renamed", ...hourly },
      ],
      async () => {},
    );
    await first.close();
    const redis = new Redis(testInfra.redisUrl, { maxRetriesPerRequest: null });
    const queue = new Queue("schedules", { connection: redis, prefix });
    const nextJobBefore = (await queue.getDelayed()).find((job) => job.name === "kept")?.id;

    await newScheduler(prefix).start([{ id: "kept", ...hourly }], async () => {});
    const remaining = await queue.getJobSchedulers();
    expect(remaining.map((scheduler) => scheduler.key)).toEqual(["kept"]);
    const delayed = await queue.getDelayed();
    expect(delayed.map((job) => job.id)).toEqual([nextJobBefore]);
    await queue.close();
    await redis.quit();
  });
});
