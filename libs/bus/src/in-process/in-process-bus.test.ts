import { Writable } from "node:stream";
import { contractOf, createEvent } from "@tubedigest/contracts";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { deferred } from "../deferred.ts";
import type { EventHandler } from "../event-bus.ts";
import { defineSubscriptions } from "../subscriptions.ts";
import { InProcessBroker } from "./in-process-broker.ts";
import { createInProcessBus } from "./in-process-bus.ts";

function capturingLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ level: "info" }, stream), lines };
}

const updated = () =>
  createEvent("user.updated", contractOf("user.updated").example, { correlationId: "req-in-process" });

const profiles = (handler: EventHandler<"user.updated">) =>
  defineSubscriptions({
    service: "svc",
    queues: { profiles: { events: ["user.updated"], handlers: { "user.updated": handler } } },
  });

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the in-process bus", () => {
  it("is connected until it is closed", async () => {
    const { log } = capturingLog();
    const bus = createInProcessBus({ log });
    expect(bus.isConnected()).toBe(true);
    await bus.close();
    expect(bus.isConnected()).toBe(false);
  });

  it("waits up to its grace for a running handler when closing, then gives the delivery back to the queue", async () => {
    const { log, lines } = capturingLog();
    const broker = new InProcessBroker();
    const bus = createInProcessBus({ log, broker, closeGraceMs: 50 });
    const entered = deferred<void>();
    const release = deferred<void>();
    await bus.subscribe(
      profiles(async () => {
        entered.resolve();
        await release.promise;
      }),
    );
    await bus.publishEvent(updated());
    await entered.promise;

    const started = performance.now();
    await bus.close();
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(45);
    expect(waited).toBeLessThan(1_000);
    expect(broker.peek("svc.profiles", 10)).toHaveLength(1);

    // The handler finishing afterwards cannot ack a delivery the queue already took back; it says so.
    release.resolve();
    await settle();
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        queue: "svc.profiles",
        msg: "delivery was returned to the queue before its ack",
      }),
    );
    expect(broker.peek("svc.profiles", 10)).toHaveLength(1);
  });

  it("handles the messages already in its queues before it closes, and refuses new ones meanwhile", async () => {
    const { log } = capturingLog();
    const bus = createInProcessBus({ log, prefetch: 1, closeGraceMs: 5_000 });
    const handled: string[] = [];
    await bus.subscribe(
      profiles(async (event) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        handled.push(event.id);
      }),
    );
    const events = [updated(), updated(), updated()];
    for (const event of events) await bus.publishEvent(event);

    const closing = bus.close();
    // What arrives now would live only in this closing process: the outbox keeps it instead.
    await expect(bus.publishEvent(updated())).rejects.toThrow("the event bus is closed");
    await closing;
    expect(handled).toEqual(events.map((event) => event.id));
  });

  it("made held, keeps what is published before its consumers subscribe, and delivers it in order once opened", async () => {
    const { log } = capturingLog();
    const bus = createInProcessBus({ log, held: true });
    const early = [updated(), updated()];
    for (const event of early) await bus.publishEvent(event);
    const handled: string[] = [];
    await bus.subscribe(
      profiles(async (event) => {
        handled.push(event.id);
      }),
    );
    await settle();
    expect(handled).toEqual([]);
    bus.open();
    const late = updated();
    await bus.publishEvent(late);
    await settle();
    expect(handled).toEqual([...early, late].map((event) => event.id));
    await bus.close();
  });

  it("closes at once when nothing runs, and acks what finished without a warning", async () => {
    const { log, lines } = capturingLog();
    const bus = createInProcessBus({ log, closeGraceMs: 5_000 });
    const handled = deferred<void>();
    await bus.subscribe(
      profiles(async () => {
        handled.resolve();
      }),
    );
    await bus.publishEvent(updated());
    await handled.promise;
    await settle();
    const started = performance.now();
    await bus.close();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(lines).toEqual([]);
  });

  it("leaves a shared broker working for the other buses when it closes", async () => {
    const { log } = capturingLog();
    const broker = new InProcessBroker();
    const closing = createInProcessBus({ log, broker });
    const staying = createInProcessBus({ log, broker, retry: { delaysMs: [20] } });
    let attempts = 0;
    const retried = deferred<void>();
    await staying.subscribe(
      profiles(async () => {
        attempts += 1;
        if (attempts === 1) throw new Error("first try fails");
        retried.resolve();
      }),
    );
    await staying.publishEvent(updated());
    await settle();
    // The retry waits on the broker's timer when the other bus closes.
    await closing.close();
    await retried.promise;
    expect(attempts).toBe(2);
    await staying.close();
  });
});

describe("the in-process bus's dead letters", () => {
  it("lists at most the number asked for, replays them with their event name, and refuses an unknown queue", async () => {
    const { log } = capturingLog();
    const bus = createInProcessBus({ log, retry: { delaysMs: [] } });
    let healthy = false;
    const handled: string[] = [];
    await bus.subscribe(
      profiles(async (event) => {
        if (!healthy) throw new Error("not yet");
        handled.push(event.id);
      }),
    );
    const events = [updated(), updated()];
    for (const event of events) await bus.publishEvent(event);
    await settle();

    expect(await bus.deadLetters.list("svc.profiles", { limit: 1 })).toHaveLength(1);
    const letters = await bus.deadLetters.list("svc.profiles");
    expect(letters.map((letter) => [letter.eventId, letter.routingKey])).toEqual(
      events.map((event) => [event.id, "user.updated"]),
    );

    healthy = true;
    expect(await bus.deadLetters.replay("svc.profiles", { limit: 1 })).toBe(1);
    await settle();
    expect(handled).toEqual([events[0]?.id]);

    // Replayed and failing again, a letter still names the event it carries, and starts its count anew.
    healthy = false;
    expect(await bus.deadLetters.replay("svc.profiles")).toBe(1);
    await settle();
    expect(await bus.deadLetters.list("svc.profiles")).toEqual([
      expect.objectContaining({ eventId: events[1]?.id, routingKey: "user.updated", attempts: 1 }),
    ]);

    await expect(bus.deadLetters.list("svc.nothing")).rejects.toThrow('No queue "svc.nothing"');
    await expect(bus.deadLetters.replay("svc.nothing")).rejects.toThrow('No queue "svc.nothing"');
    await bus.close();
  });
});
