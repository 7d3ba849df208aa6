import { randomUUID } from "node:crypto";
import { type AnyEvent, createEvent } from "@tubedigest/contracts";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createInProcessBus, type EventPublisher, startOutboxRelay, writeToOutbox } from "../src/index.ts";
import { type BusFixture, rabbitMqImplementation, silentLog } from "./support/bus-fixtures.ts";
import { relayUntilUnsent } from "./support/relay-once.ts";
import { createTestDatabase, type TestDatabase } from "./support/test-database.ts";
import { delay, waitFor } from "./support/wait-for.ts";

function userUpdated(label: string): AnyEvent {
  return createEvent(
    "user.updated",
    { userId: randomUUID(), email: `${label}@example.com`, fullName: label },
    { correlationId: `req-${label}` },
  );
}

describe("outbox relay", () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDatabase();
  });

  afterEach(async () => {
    await database.close();
  });

  async function writeEvents(count: number): Promise<void> {
    await database.db.transaction().execute(async (trx) => {
      for (let index = 0; index < count; index++) await writeToOutbox(trx, userUpdated(`e${index}`));
    });
  }

  it("lets several relays share one outbox without publishing a row twice (FOR UPDATE SKIP LOCKED)", async () => {
    const published: string[] = [];
    const bus = createInProcessBus({ log: silentLog });
    // Each publish takes a moment, so the relays' batches overlap in time.
    const slowRecordingPublisher: EventPublisher = {
      async publishEvent(event) {
        await delay(1);
        published.push(event.id);
        await bus.publishEvent(event);
      },
    };
    await writeEvents(600);
    const relays = [1, 2, 3].map(() =>
      startOutboxRelay({ db: database.db, publisher: slowRecordingPublisher, log: silentLog, batchSize: 20 }),
    );
    try {
      await waitFor(
        () => database.countUnsent(),
        (unsent) => unsent === 0,
        { what: "an empty outbox" },
      );
    } finally {
      await Promise.all(relays.map((relay) => relay.stop()));
      await bus.close();
    }
    expect(published).toHaveLength(600);
    expect(new Set(published).size).toBe(600);
  });

  it("keeps a row that breaks its contract, marked failed, and publishes the rest", async () => {
    const forged = { ...userUpdated("forged"), data: { userId: "nope" } };
    await database.db
      .insertInto("outbox")
      .values({ event_id: forged.id, event_name: forged.name, event: JSON.stringify(forged) })
      .execute();
    await writeEvents(3);
    await relayUntilUnsent(database, 1, "the valid rows sent");
    const failed = await database.db
      .selectFrom("outbox")
      .select(["event_id", "attempts", "last_error", sql<boolean>`failed_at is not null`.as("failed")])
      .where("sent_at", "is", null)
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ event_id: forged.id, attempts: 1, failed: true });
    expect(failed.last_error).toMatch(/data\/userId must match format "uuid"/);
  });

  describe("with RabbitMQ down", () => {
    let fixture: BusFixture;

    beforeEach(async () => {
      fixture = await rabbitMqImplementation.setUp();
    });

    afterEach(async () => {
      await fixture.cleanup();
    });

    it("keeps rows unsent while the broker is unreachable and publishes them once it is back", async () => {
      const received: string[] = [];
      const consumer = await fixture.createBus();
      await consumer.subscribe({
        service: fixture.serviceName(),
        queues: {
          profiles: {
            events: ["user.updated"],
            handlers: {
              "user.updated": async (event) => {
                received.push(event.id);
              },
            },
          },
        },
      });
      fixture.cutConnections();
      await writeEvents(20);
      const publisher = await fixture.createBus();
      const relay = startOutboxRelay({
        db: database.db,
        publisher,
        log: silentLog,
        retryDelayMs: 50,
        maxRetryDelayMs: 200,
      });
      try {
        const failedAttempts = await waitFor(
          () =>
            database.db
              .selectFrom("outbox")
              .select(sql<string>`max(attempts)`.as("attempts"))
              .executeTakeFirstOrThrow(),
          (row) => Number(row.attempts) >= 1,
          { what: "a failed publish attempt" },
        );
        expect(Number(failedAttempts.attempts)).toBeGreaterThanOrEqual(1);
        expect(await database.countUnsent()).toBe(20);

        fixture.restoreConnections();
        await waitFor(
          () => database.countUnsent(),
          (unsent) => unsent === 0,
          { what: "the outbox drained" },
        );
        await waitFor(
          () => received.length,
          (count) => count >= 20,
          { what: "20 events consumed" },
        );
        await delay(200);
        expect(new Set(received).size).toBe(20);
      } finally {
        await relay.stop();
      }
    });
  });
});
