import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { eventually } from "@tubedigest/testing/eventually";
import { deleteRedisKeys } from "@tubedigest/testing/redis-keys";
import { startTcpProxy } from "@tubedigest/testing/tcp-proxy";
import { testInfra, uniqueName } from "@tubedigest/testing/test-infra";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createBullMqJobQueue, type JobQueue } from "../src/index.ts";

type Jobs = { greet: { name: string }; count: { n: number } };
const jobNames = ["greet", "count"] as const;
const log = pino({ level: "silent" });
const hangingWorker = fileURLToPath(new URL("./support/hanging-worker.ts", import.meta.url));

const prefixes: string[] = [];
const queues: JobQueue<never>[] = [];

function newQueue<Map extends Jobs>(
  overrides: Partial<Parameters<typeof createBullMqJobQueue<Map>>[0]> = {},
) {
  const prefix = overrides.prefix ?? uniqueName("jobs");
  prefixes.push(prefix);
  const queue = createBullMqJobQueue<Map>({
    name: "work",
    jobNames: [...jobNames],
    redisUrl: testInfra.redisUrl,
    prefix,
    log,
    backoffMs: 50,
    ...overrides,
  });
  queues.push(queue as unknown as JobQueue<never>);
  return queue;
}

afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.close()));
  await Promise.all(prefixes.splice(0).map((prefix) => deleteRedisKeys(prefix)));
});

const noCount = async () => {};

describe("the BullMQ job queue", () => {
  it("adds a job id once, while it waits and after it is done", async () => {
    const queue = newQueue();
    const greeted: string[] = [];
    await queue.add("greet", { name: "first" }, { jobId: "greet:a" });
    await queue.add("greet", { name: "second" }, { jobId: "greet:a" });
    await queue.addBulk([
      { name: "greet", data: { name: "third" }, options: { jobId: "greet:a" } },
      { name: "greet", data: { name: "other" }, options: { jobId: "greet:b" } },
    ]);
    expect(await queue.counts()).toMatchObject({ waiting: 2 });

    await queue.work(
      { greet: async ({ name }) => void greeted.push(name), count: noCount },
      { concurrency: 2 },
    );
    await eventually(async () => ((await queue.counts()).completed === 2 ? true : undefined));
    await queue.add("greet", { name: "again" }, { jobId: "greet:a" });
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(greeted.sort()).toEqual(["first", "other"]);
    expect(await queue.counts()).toMatchObject({ waiting: 0, active: 0, completed: 2 });
  });

  it("retries a failing job with back-off, counting its attempts", async () => {
    const queue = newQueue({ attempts: 3 });
    const attempts: number[] = [];
    await queue.work(
      {
        greet: noCount,
        count: async (_data, job) => {
          attempts.push(job.attempt);
          if (job.attempt < 3) throw new Error("not yet");
        },
      },
      { concurrency: 1 },
    );
    await queue.add("count", { n: 1 }, { jobId: "count:1" });
    await eventually(async () => ((await queue.counts()).completed === 1 ? true : undefined));
    expect(attempts).toEqual([1, 2, 3]);
  });

  it("fails a job after its last attempt", async () => {
    const queue = newQueue({ attempts: 2 });
    await queue.work(
      { greet: noCount, count: async () => Promise.reject(new Error("never")) },
      { concurrency: 1 },
    );
    await queue.add("count", { n: 1 }, { jobId: "count:1" });
    await eventually(async () => ((await queue.counts()).failed === 1 ? true : undefined));
  });

  it("runs a job again, as its next attempt, when the worker running it dies", async () => {
    const prefix = uniqueName("jobs");
    const queue = newQueue({ prefix, lockDurationMs: 1_000, stalledIntervalMs: 300 });
    await queue.add("greet", { name: "stalls" }, { jobId: "greet:stalls" });
    const crashing = spawn(process.execPath, [
      "--import",
      "tsx",
      hangingWorker,
      "work",
      prefix,
      testInfra.redisUrl,
      "1000",
      "300",
    ]);
    let output = "";
    crashing.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    await eventually(() => (output.includes("started greet:stalls 1") ? true : undefined), 15_000);
    crashing.kill("SIGKILL");

    const runs: number[] = [];
    await queue.work(
      { greet: async (_data, job) => void runs.push(job.attempt), count: noCount },
      { concurrency: 1 },
    );
    await eventually(() => (runs.length > 0 ? true : undefined));
    expect(runs).toEqual([2]);
  });

  it("refuses to work without a handler for every job, or with one for a job it does not run", async () => {
    const queue = newQueue();
    const missing = { greet: noCount } as unknown as Parameters<typeof queue.work>[0];
    await expect(queue.work(missing, { concurrency: 1 })).rejects.toThrow(/no handler for count/);
    const extra = { greet: noCount, count: noCount, sing: noCount } as Parameters<typeof queue.work>[0];
    await expect(queue.work(extra, { concurrency: 1 })).rejects.toThrow(/jobs it does not run: sing/);
  });

  it("closes every connection it opened, its worker's too", async () => {
    const redis = new URL(testInfra.redisUrl);
    const proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port) });
    try {
      const queue = newQueue({ redisUrl: proxy.urlThrough(testInfra.redisUrl) });
      await queue.work({ greet: noCount, count: noCount }, { concurrency: 2 });
      await queue.add("greet", { name: "once" }, { jobId: "greet:once" });
      await eventually(async () => ((await queue.counts()).completed === 1 ? true : undefined));
      expect(proxy.openConnections).toBeGreaterThan(0);
      await queue.close();
      // A connection left open would keep a stopping service's process alive, and report errors after it.
      await eventually(() => (proxy.openConnections === 0 ? true : undefined), 5_000);
    } finally {
      await proxy.close();
    }
  });

  it("lives through an unreachable Redis, saying it is not connected", async () => {
    const queue = newQueue({ redisUrl: "redis://127.0.0.1:1" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(queue.isConnected()).toBe(false);
    const connected = newQueue();
    await eventually(() => (connected.isConnected() ? true : undefined));
  });
});
