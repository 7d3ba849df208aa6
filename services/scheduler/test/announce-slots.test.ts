import { defineSubscriptions, type EventBus } from "@tubedigest/bus";
import { createTestBus, joinTestBus, type TestBus } from "@tubedigest/bus/testing";
import { scheduleEventId } from "@tubedigest/contracts/schedule-event-id";
import type { ServiceApp } from "@tubedigest/http";
import { createBullMqScheduler, type Scheduler } from "@tubedigest/jobs";
import { eventually } from "@tubedigest/testing/eventually";
import { deleteRedisKeys } from "@tubedigest/testing/redis-keys";
import { testInfra, uniqueName } from "@tubedigest/testing/test-infra";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSchedulerApp } from "../src/app.ts";

const log = pino({ level: "silent" });
/** Fast patterns, so slots come within the test: digests every second, upload checks every two. */
const settings = { digestSlotPattern: "* * * * * *", uploadCheckPattern: "*/2 * * * * *", timeZone: "UTC" };

/** The schedules as the service runs them, on Redis under a key prefix of the test's own. */
const schedulesOnRedis = (prefix: string) =>
  createBullMqScheduler({ redisUrl: testInfra.redisUrl, prefix, queueName: "schedules", log });

interface Received {
  name: string;
  id: string;
  slot: string;
}

describe("the scheduler, two replicas on one Redis and one broker", () => {
  const prefix = uniqueName("scheduler");
  const received: Received[] = [];
  let testBus: TestBus;
  let secondBus: EventBus;
  const schedulers: Scheduler[] = [];
  const apps: ServiceApp[] = [];

  beforeAll(async () => {
    testBus = await createTestBus("rabbitmq");
    await testBus.bus.subscribe(
      defineSubscriptions({
        service: "observer",
        queues: {
          slots: {
            events: ["digest.due", "uploads.check-due"],
            handlers: {
              "digest.due": async (event) =>
                void received.push({ name: event.name, id: event.id, ...event.data }),
              "uploads.check-due": async (event) =>
                void received.push({ name: event.name, id: event.id, ...event.data }),
            },
          },
        },
      }),
    );
    // The second replica is another connection to the same exchange, as another pod would be.
    secondBus = await joinTestBus(testBus.rabbitMq ?? { exchange: "", queueSuffix: "" });
    for (const events of [testBus.bus, secondBus]) {
      const scheduler = schedulesOnRedis(prefix);
      schedulers.push(scheduler);
      apps.push(await buildSchedulerApp(settings, { log, events, scheduler }));
    }
  });
  afterAll(async () => {
    for (const scheduler of schedulers) await scheduler.close();
    for (const app of apps) await app.close();
    await secondBus.close();
    await testBus.cleanup();
    await deleteRedisKeys(prefix);
  });

  it("announces each slot once, with the id derived from the event and the slot", async () => {
    await eventually(
      () =>
        received.filter((event) => event.name === "digest.due").length >= 3 &&
        received.some((event) => event.name === "uploads.check-due")
          ? true
          : undefined,
      10_000,
    );
    const ids = received.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const event of received) {
      expect(event.id).toBe(scheduleEventId(event.name, new Date(event.slot)));
      expect(new Date(event.slot).getMilliseconds()).toBe(0);
    }
    const uploadSlots = received
      .filter((event) => event.name === "uploads.check-due")
      .map((event) => event.slot);
    expect(uploadSlots.every((slot) => new Date(slot).getSeconds() % 2 === 0)).toBe(true);
  });

  it("is ready with Redis and the broker, and counts what it announced", async () => {
    const ready = await apps[0]?.inject("/readyz");
    expect(ready?.json()).toEqual({ status: "ok", checks: { schedules: true, broker: true } });
    const published = await Promise.all(
      apps.map(
        async (app) =>
          (await app.inject("/metrics")).body.match(
            /scheduler_slots_total\{[^}]*outcome="published"[^}]*\} (\d+)/g,
          ) ?? [],
      ),
    );
    expect(published.flat().length).toBeGreaterThan(0);
  });
});

describe("the scheduler when publishing fails", () => {
  const prefix = uniqueName("scheduler");
  let testBus: TestBus;
  let scheduler: Scheduler;
  let app: ServiceApp;
  const published: { id: string; slot: string }[] = [];
  let refusedSlot: string | undefined;

  beforeAll(async () => {
    testBus = await createTestBus("in-process");
    // A bus that refuses the first digest slot, as a broker that is away would.
    const flaky: EventBus = {
      ...testBus.bus,
      async publish(name, data, metadata) {
        if (name === "digest.due" && refusedSlot === undefined) {
          refusedSlot = (data as { slot: string }).slot;
          throw new Error("the broker is away");
        }
        const event = await testBus.bus.publish(name, data, metadata);
        if (name === "digest.due")
          published.push({ id: event.id, slot: (event.data as { slot: string }).slot });
        return event;
      },
    };
    scheduler = schedulesOnRedis(prefix);
    app = await buildSchedulerApp(
      { ...settings, uploadCheckPattern: "0 0 1 1 *" },
      { log, events: flaky, scheduler },
    );
  });
  afterAll(async () => {
    await scheduler.close();
    await app.close();
    await testBus.cleanup();
    await deleteRedisKeys(prefix);
  });

  it("fires the slot again and announces it with the same id", async () => {
    const retried = await eventually(() => published.find((event) => event.slot === refusedSlot), 8_000);
    expect(retried.id).toBe(scheduleEventId("digest.due", new Date(retried.slot)));
    const metrics = (await app.inject("/metrics")).body;
    expect(metrics).toMatch(/scheduler_slots_total\{[^}]*outcome="failed"[^}]*\} 1/);
  });
});
