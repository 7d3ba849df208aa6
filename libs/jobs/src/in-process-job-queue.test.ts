import { eventually } from "@tubedigest/testing/eventually";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createInProcessJobQueue } from "./in-process-job-queue.ts";

type Jobs = { greet: { name: string }; count: { n: number } };
const log = pino({ level: "silent" });
const noCount = async () => {};

function newQueue(
  overrides: { attempts?: number; keepCompletedSeconds?: number; maxRememberedIds?: number } = {},
) {
  return createInProcessJobQueue<Jobs>({
    name: "work",
    jobNames: ["greet", "count"],
    log,
    backoffMs: 10,
    ...overrides,
  });
}

const completed = (queue: ReturnType<typeof newQueue>, count: number) =>
  eventually(async () => ((await queue.counts()).completed === count ? true : undefined));

describe("the in-process job queue", () => {
  it("adds a job id once, while it waits and after it is done", async () => {
    const queue = newQueue();
    const greeted: string[] = [];
    await queue.add("greet", { name: "first" }, { jobId: "greet:a" });
    await queue.addBulk([
      { name: "greet", data: { name: "second" }, options: { jobId: "greet:a" } },
      { name: "greet", data: { name: "other" }, options: { jobId: "greet:b" } },
    ]);
    expect(await queue.counts()).toMatchObject({ waiting: 2 });
    await queue.work(
      { greet: async ({ name }) => void greeted.push(name), count: noCount },
      { concurrency: 1 },
    );
    await completed(queue, 2);
    await queue.add("greet", { name: "again" }, { jobId: "greet:a" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(greeted).toEqual(["first", "other"]);
    await queue.close();
  });

  it("forgets finished ids after the retention window, and the oldest beyond its cap", async () => {
    const queue = newQueue({ maxRememberedIds: 2 });
    let runs = 0;
    await queue.work({ greet: async () => void runs++, count: noCount }, { concurrency: 1 });
    for (const id of ["a", "b", "c"]) await queue.add("greet", { name: id }, { jobId: id });
    await eventually(() => (runs === 3 ? true : undefined));
    expect(await queue.counts()).toMatchObject({ completed: 2 });
    await queue.add("greet", { name: "a" }, { jobId: "a" });
    await eventually(() => (runs === 4 ? true : undefined));

    const shortLived = newQueue({ keepCompletedSeconds: 0.05 });
    let shortRuns = 0;
    await shortLived.work({ greet: async () => void shortRuns++, count: noCount }, { concurrency: 1 });
    await shortLived.add("greet", { name: "a" }, { jobId: "a" });
    await eventually(() => (shortRuns === 1 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 80));
    await shortLived.add("greet", { name: "a" }, { jobId: "a" });
    await eventually(() => (shortRuns === 2 ? true : undefined));
    await Promise.all([queue.close(), shortLived.close()]);
  });

  it("runs `concurrency` jobs at once", async () => {
    const queue = newQueue();
    let running = 0;
    let most = 0;
    await queue.work(
      {
        greet: noCount,
        count: async () => {
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 20));
          running--;
        },
      },
      { concurrency: 3 },
    );
    await queue.addBulk(
      Array.from({ length: 9 }, (_, n) => ({
        name: "count" as const,
        data: { n },
        options: { jobId: `count:${n}` },
      })),
    );
    expect(await queue.counts()).toMatchObject({ active: 3, waiting: 6 });
    await completed(queue, 9);
    expect(most).toBe(3);
    await queue.close();
  });

  it("retries a failing job with back-off, counting attempts, then fails it", async () => {
    const queue = newQueue({ attempts: 3 });
    const attempts: number[] = [];
    await queue.work(
      {
        greet: async () => Promise.reject(new Error("never")),
        count: async (_data, job) => {
          attempts.push(job.attempt);
          if (job.attempt < 3) throw new Error("not yet");
        },
      },
      { concurrency: 1 },
    );
    await queue.add("count", { n: 1 }, { jobId: "count:1" });
    await queue.add("greet", { name: "x" }, { jobId: "greet:x" });
    await completed(queue, 1);
    await eventually(async () => ((await queue.counts()).failed === 1 ? true : undefined));
    expect(attempts).toEqual([1, 2, 3]);
    await queue.close();
  });

  it("waits a job's delay before running it", async () => {
    const queue = newQueue();
    const ranAt: number[] = [];
    await queue.work({ greet: async () => void ranAt.push(Date.now()), count: noCount }, { concurrency: 1 });
    const addedAt = Date.now();
    await queue.add("greet", { name: "later" }, { jobId: "later", delayMs: 60 });
    expect(await queue.counts()).toMatchObject({ delayed: 1 });
    await completed(queue, 1);
    expect((ranAt[0] ?? 0) - addedAt).toBeGreaterThanOrEqual(55);
    await queue.close();
  });

  it("refuses to work without a handler for every job", async () => {
    const queue = newQueue();
    const missing = { greet: noCount } as unknown as Parameters<typeof queue.work>[0];
    await expect(queue.work(missing, { concurrency: 1 })).rejects.toThrow(/no handler for count/);
  });
});
