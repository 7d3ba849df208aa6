import { type EventEnvelope, InvalidEventError } from "@tubedigest/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deferred } from "../src/deferred.ts";
import {
  defineSubscriptions,
  type EventBus,
  type EventHandler,
  handleOnce,
  startOutboxRelay,
  writeToOutbox,
} from "../src/index.ts";
import { type BusFixture, busImplementations, silentLog } from "./support/bus-fixtures.ts";
import { recordEffectIn, subscribeProfiles, userUpdated } from "./support/scenario.ts";
import { createTestDatabase, type TestDatabase } from "./support/test-database.ts";
import { delay, waitFor } from "./support/wait-for.ts";

/**
 * One list of scenarios, run against each bus implementation. Faults are injected through the fixture:
 * a TCP proxy in front of RabbitMQ, the broker's own connection-loss hook in process.
 */
describe.each(busImplementations)("$name", (implementation) => {
  let fixture: BusFixture;
  let database: TestDatabase;

  beforeEach(async () => {
    [fixture, database] = await Promise.all([implementation.setUp(), createTestDatabase()]);
  });

  afterEach(async () => {
    await fixture.cleanup();
    await database.close();
  });

  const recordEffect = () => recordEffectIn(database);
  const subscribe = (bus: EventBus, handler: EventHandler<"user.updated">) =>
    subscribeProfiles(fixture, bus, handler);

  it("redelivers an event whose consumer lost its connection before the ack, with exactly one effect", async () => {
    const entered = deferred<void>();
    const gate = deferred<void>();
    let deliveries = 0;
    const holdInTransaction = handleOnce(
      database.db,
      async (event: EventEnvelope<"user.updated">, { trx }) => {
        await trx.insertInto("effects").values({ event_id: event.id, label: "killed" }).execute();
        entered.resolve();
        await gate.promise;
      },
    );
    const consumer = await fixture.createBus();
    await subscribe(consumer, async (event, context) => {
      deliveries += 1;
      await holdInTransaction(event, context);
    });
    const publisher = await fixture.createBus();
    await publisher.publishEvent(userUpdated("killed"));
    await entered.promise;

    fixture.dropConnections();
    // The redelivery arrives while the first try still holds its transaction (and so the inbox row).
    await waitFor(
      () => deliveries,
      (count) => count >= 2,
      { what: "the redelivery" },
    );
    gate.resolve();
    await waitFor(
      () => database.countEffects(),
      ({ total }) => total >= 1,
      { what: "the effect" },
    );
    await delay(300);
    expect(deliveries).toBe(2);
    expect(await database.countEffects()).toEqual({ total: 1, distinct: 1 });
  });

  // Kills the mutant that keys the inbox by a constant instead of `context.queue`
  // (libs/bus/src/inbox/handle-once.ts): the second queue would skip the event as already handled.
  it("gives an event published twice one effect per queue, when two queues of a service share the inbox", async () => {
    const effectFor = (label: string): EventHandler<"user.updated"> =>
      handleOnce(database.db, async (event, { trx }) => {
        await trx.insertInto("effects").values({ event_id: event.id, label }).execute();
      });
    const service = fixture.serviceName();
    const consumer = await fixture.createBus();
    await consumer.subscribe(
      defineSubscriptions({
        service,
        queues: {
          profiles: { events: ["user.updated"], handlers: { "user.updated": effectFor("profiles") } },
          audit: { events: ["user.updated"], handlers: { "user.updated": effectFor("audit") } },
        },
      }),
    );
    const publisher = await fixture.createBus();
    const event = userUpdated("twice");
    await publisher.publishEvent(event);
    await publisher.publishEvent(event);

    await waitFor(
      () => database.countEffects(),
      ({ total }) => total >= 2,
      { what: "an effect per queue", timeoutMs: 5_000 },
    );
    await delay(300);
    const effects = await database.db.selectFrom("effects").select("label").orderBy("label").execute();
    expect(effects.map((effect) => effect.label)).toEqual(["audit", "profiles"]);
    const inbox = await database.db
      .selectFrom("inbox")
      .select("consumer")
      .where("event_id", "=", event.id)
      .orderBy("consumer")
      .execute();
    expect(inbox.map((row) => row.consumer)).toEqual([`${service}.audit`, `${service}.profiles`]);
  });

  it("publishes a row committed while no relay ran, once a fresh relay starts", async () => {
    const received: { id: string; correlationId: string }[] = [];
    const consumer = await fixture.createBus();
    const effect = recordEffect();
    await subscribe(consumer, async (event, context) => {
      received.push({ id: event.id, correlationId: event.correlationId });
      await effect(event, context);
    });
    const event = userUpdated("orphan", "req-7f3a");
    await database.db.transaction().execute((trx) => writeToOutbox(trx, event));
    await delay(200);
    expect(await database.countEffects()).toEqual({ total: 0, distinct: 0 });
    expect(await database.countUnsent()).toBe(1);

    const relay = startOutboxRelay({ db: database.db, publisher: await fixture.createBus(), log: silentLog });
    try {
      await waitFor(
        () => database.countEffects(),
        ({ total }) => total >= 1,
        { what: "the effect" },
      );
      await waitFor(
        () => database.countUnsent(),
        (unsent) => unsent === 0,
        { what: "the row marked sent" },
      );
    } finally {
      await relay.stop();
    }
    expect(received).toEqual([{ id: event.id, correlationId: "req-7f3a" }]);
    expect(await database.countEffects()).toEqual({ total: 1, distinct: 1 });
  });

  it("dead-letters an event whose handler always throws, with the reason, while other events flow", async () => {
    let fixed = false;
    const attemptsOfPoison: number[] = [];
    const effect = recordEffect();
    const consumer = await fixture.createBus({ retry: { delaysMs: [50, 100] } });
    const queue = await subscribe(consumer, async (event, context) => {
      if (event.data.fullName === "poison" && !fixed) {
        attemptsOfPoison.push(context.attempt);
        throw new Error("poison pill");
      }
      await effect(event, context);
    });
    const publisher = await fixture.createBus();
    const poison = userUpdated("poison");
    await publisher.publishEvent(poison);
    for (let index = 0; index < 50; index++) await publisher.publishEvent(userUpdated(`good${index}`));

    await waitFor(
      () => database.countEffects(),
      ({ total }) => total >= 50,
      { what: "the good events" },
    );
    const [letter, ...others] = await waitFor(
      () => consumer.deadLetters.list(queue),
      (letters) => letters.length > 0,
      { what: "the dead letter" },
    );
    expect(others).toEqual([]);
    expect(letter).toMatchObject({
      queue,
      eventId: poison.id,
      routingKey: "user.updated",
      attempts: 3,
      reason: "handler failed 3 times; last error: poison pill",
    });
    expect(attemptsOfPoison).toEqual([1, 2, 3]);
    expect(await database.countEffects()).toEqual({ total: 50, distinct: 50 });
    // Listing does not consume.
    expect(await consumer.deadLetters.list(queue)).toHaveLength(1);

    // The operator's way out: fix the cause, replay.
    fixed = true;
    expect(await consumer.deadLetters.replay(queue)).toBe(1);
    await waitFor(
      () => database.countEffects(),
      ({ total }) => total >= 51,
      { what: "the replayed event" },
    );
    expect(await consumer.deadLetters.list(queue)).toEqual([]);
    expect(await database.countEffects()).toEqual({ total: 51, distinct: 51 });
  });

  it("refuses an invalid payload on publish and dead-letters one injected raw, without retrying", async () => {
    const handled: string[] = [];
    const consumer = await fixture.createBus();
    const queue = await subscribe(consumer, async (event) => {
      handled.push(event.id);
    });
    const publisher = await fixture.createBus();
    const invalid = { userId: "not-a-uuid", email: "nobody", fullName: null };

    await expect(publisher.publish("user.updated", invalid, { correlationId: "req-1" })).rejects.toThrow(
      InvalidEventError,
    );
    const forged = { ...userUpdated("forged"), data: invalid };
    await expect(
      database.db.transaction().execute((trx) => writeToOutbox(trx, forged as EventEnvelope<"user.updated">)),
    ).rejects.toThrow(/data\/userId/);
    expect(await database.countUnsent()).toBe(0);

    await fixture.injectRawMessage("user.updated", "{ not json");
    await fixture.injectRawMessage("user.updated", JSON.stringify(forged));
    const valid = userUpdated("valid");
    await publisher.publishEvent(valid);

    const letters = await waitFor(
      () => consumer.deadLetters.list(queue),
      (found) => found.length >= 2,
      { what: "two dead letters" },
    );
    expect(letters.map((letter) => letter.attempts)).toEqual([1, 1]);
    expect(letters[0]?.reason).toMatch(/^rejected: .*JSON/);
    expect(letters[1]?.reason).toMatch(/^rejected: Invalid event: data\/userId must match format "uuid"/);
    expect(letters[1]?.eventId).toBe(forged.id);
    await waitFor(
      () => handled,
      (ids) => ids.length >= 1,
      { what: "the valid event" },
    );
    expect(handled).toEqual([valid.id]);
  });
});
