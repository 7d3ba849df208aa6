import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type AnyEvent, createEvent } from "@tubedigest/contracts";
import type { Notifications } from "@tubedigest/db";
import { childEnvironment } from "@tubedigest/testing/test-infra";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type EventPublisher, type OutboxRelay, startOutboxRelay, writeToOutbox } from "../src/index.ts";
import { silentLog } from "./support/bus-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "./support/test-database.ts";
import { delay, waitFor } from "./support/wait-for.ts";

const writerPath = fileURLToPath(new URL("./support/write-in-another-process.ts", import.meta.url));

/** Longer than any test here: an event that arrives did not wait for a poll. */
const NO_POLL = 600_000;

function userUpdated(label: string): AnyEvent {
  return createEvent(
    "user.updated",
    { userId: randomUUID(), email: `${label}@example.com`, fullName: label },
    { correlationId: `req-${label}` },
  );
}

/** Records what it published, and when; `hold` keeps publishing waiting until it is released. */
function recordingPublisher() {
  const published: { id: string; at: number }[] = [];
  let release: () => void = () => {};
  let held: Promise<void> | undefined;
  const publisher: EventPublisher & {
    published: typeof published;
    hold(): void;
    release(): void;
  } = {
    published,
    hold() {
      held = new Promise((resolve) => {
        release = resolve;
      });
    },
    release() {
      held = undefined;
      release();
    },
    async publishEvent(event) {
      await held;
      published.push({ id: event.id, at: Date.now() });
    },
  };
  return publisher;
}

/** The database's notifications, counting the times the relay started listening. */
function observedNotifications(notifications: Notifications | undefined) {
  if (!notifications) throw new Error("The test database is reached by URL and has notifications");
  let listenings = 0;
  return {
    listenings: () => listenings,
    notifications: {
      listen(channel, onNotification, onListening) {
        return notifications.listen(channel, onNotification, () => {
          listenings += 1;
          onListening?.();
        });
      },
    } satisfies Notifications,
  };
}

/**
 * The relay is woken by the writes it relays, and polls only as a safety net: each test sets the poll
 * longer than the test, so an event that arrives at all was woken for.
 */
describe("outbox relay: woken by outbox writes", () => {
  let database: TestDatabase;
  let relay: OutboxRelay | undefined;

  beforeEach(async () => {
    database = await createTestDatabase();
  });

  afterEach(async () => {
    await relay?.stop();
    relay = undefined;
    await database.close();
  });

  /** A relay with no safety-net poll, started and listening for NOTIFY: only a notification wakes it. */
  async function startListeningRelay(publisher: EventPublisher) {
    const observed = observedNotifications(database.notifications);
    relay = startOutboxRelay({
      db: database.db,
      publisher,
      log: silentLog,
      pollIntervalMs: NO_POLL,
      notifications: observed.notifications,
    });
    await waitFor(observed.listenings, (count) => count >= 1, { what: "the relay listening" });
    return observed;
  }

  async function write(...events: AnyEvent[]): Promise<number> {
    await database.db.transaction().execute((trx) => writeToOutbox(trx, ...events));
    return Date.now();
  }

  it("publishes a write of its own process as it commits, not at its next poll", async () => {
    const publisher = recordingPublisher();
    relay = startOutboxRelay({ db: database.db, publisher, log: silentLog, pollIntervalMs: NO_POLL });
    // The first pass finds the outbox empty; the relay then waits.
    await delay(300);
    const event = userUpdated("here");
    const committedAt = await write(event);
    const [published] = await waitFor(
      () => publisher.published,
      (found) => found.length >= 1,
      { what: "the event published", timeoutMs: 1_000 },
    );
    expect(published?.id).toBe(event.id);
    expect((published?.at ?? Infinity) - committedAt).toBeLessThan(1_000);
  });

  it("makes another pass for a write that committed while a batch was in hand", async () => {
    const publisher = recordingPublisher();
    relay = startOutboxRelay({ db: database.db, publisher, log: silentLog, pollIntervalMs: NO_POLL });
    await delay(300);
    publisher.hold();
    const first = userUpdated("first");
    await write(first);
    // The pass has locked `first` and waits on the broker; `second` commits meanwhile, outside its batch.
    await delay(200);
    const second = userUpdated("second");
    await write(second);
    publisher.release();
    await waitFor(
      () => publisher.published.length,
      (count) => count >= 2,
      { what: "both events published", timeoutMs: 1_000 },
    );
    expect(publisher.published.map((entry) => entry.id)).toEqual([first.id, second.id]);
  });

  it("is not woken by a write that rolled back, and publishes what commits after it", async () => {
    const publisher = recordingPublisher();
    relay = startOutboxRelay({ db: database.db, publisher, log: silentLog, pollIntervalMs: NO_POLL });
    await delay(300);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await writeToOutbox(trx, userUpdated("undone"));
        throw new Error("undone");
      }),
    ).rejects.toThrow("undone");
    const event = userUpdated("done");
    await write(event);
    await waitFor(
      () => publisher.published.length,
      (count) => count >= 1,
      { what: "the committed event", timeoutMs: 1_000 },
    );
    await delay(100);
    expect(publisher.published.map((entry) => entry.id)).toEqual([event.id]);
  });

  it("publishes a write of another process, which NOTIFY announces", async () => {
    const publisher = recordingPublisher();
    await startListeningRelay(publisher);
    await delay(300);
    const event = userUpdated("elsewhere");
    await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", writerPath, database.url, database.schema, JSON.stringify(event)],
      { env: childEnvironment({}) },
    );
    const writtenBy = Date.now();
    expect(await database.countUnsent()).toBeLessThanOrEqual(1);
    await waitFor(
      () => publisher.published,
      (found) => found.length >= 1,
      { what: "the event published", timeoutMs: 1_000 },
    );
    expect(publisher.published.map((entry) => entry.id)).toEqual([event.id]);
    expect((publisher.published[0]?.at ?? Infinity) - writtenBy).toBeLessThan(1_000);
  });

  it("listens again after its connection is lost, and looks for what it may have missed", async () => {
    const publisher = recordingPublisher();
    const observed = await startListeningRelay(publisher);
    // Postgres ends the listening connection (and any other relay's, which listens again as well).
    await sql`
      select pg_terminate_backend(pid) from pg_stat_activity
       where query = ${`listen "tubedigest_outbox"`} and datname = current_database()
    `.execute(database.db);
    // Written while no one listens, and not through this process's commits: only the new listening finds it.
    const missed = userUpdated("missed");
    await database.db
      .insertInto("outbox")
      .values({ event_id: missed.id, event_name: missed.name, event: JSON.stringify(missed) })
      .execute();
    await waitFor(observed.listenings, (count) => count >= 2, { what: "the relay listening again" });
    await waitFor(
      () => publisher.published.length,
      (count) => count >= 1,
      { what: "the missed event published", timeoutMs: 1_000 },
    );
    expect(publisher.published.map((entry) => entry.id)).toEqual([missed.id]);
  });
});
