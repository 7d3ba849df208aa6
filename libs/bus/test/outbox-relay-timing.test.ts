import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { type AnyEvent, createEvent } from "@tubedigest/contracts";
import { type KyselyPlugin, sql } from "kysely";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type EventPublisher, type OutboxRelay, startOutboxRelay, writeToOutbox } from "../src/index.ts";
import { createTestDatabase, type TestDatabase } from "./support/test-database.ts";
import { delay, waitFor } from "./support/wait-for.ts";

function userUpdated(label: string): AnyEvent {
  return createEvent(
    "user.updated",
    { userId: randomUUID(), email: `${label}@example.com`, fullName: label },
    { correlationId: `req-${label}` },
  );
}

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

/** A broker stand-in that records what it confirmed and refuses while `refusing` says so. */
function scriptedPublisher() {
  const published: string[] = [];
  const publisher: EventPublisher & { published: string[]; refusing: boolean } = {
    published,
    refusing: false,
    async publishEvent(event) {
      if (publisher.refusing) throw new Error("broker said no");
      published.push(event.id);
    },
  };
  return publisher;
}

/** Counts the SELECTs run through it and, while `failing` is set, fails every query as a lost database would. */
function databaseProbe() {
  const probe: KyselyPlugin & { selects: number; failing: boolean } = {
    selects: 0,
    failing: false,
    transformQuery({ node }) {
      if (probe.failing) throw new Error("database unreachable");
      if (node.kind === "SelectQueryNode") probe.selects += 1;
      return node;
    },
    async transformResult({ result }) {
      return result;
    },
  };
  return probe;
}

/** The relay's own decisions, against Postgres with a scripted publisher: batches, back-off, pruning, stop. */
describe("outbox relay: batches, back-off, pruning and stopping", () => {
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

  async function writeEvents(count: number): Promise<AnyEvent[]> {
    const events = Array.from({ length: count }, (_, index) => userUpdated(`e${index}`));
    await database.db.transaction().execute((trx) => writeToOutbox(trx, ...events));
    return events;
  }

  it("writes nothing for no events", async () => {
    await database.db.transaction().execute((trx) => writeToOutbox(trx));
    expect(await database.countUnsent()).toBe(0);
  });

  it("publishes with its default settings", async () => {
    const publisher = scriptedPublisher();
    const events = await writeEvents(3);
    relay = startOutboxRelay({ db: database.db, publisher, log: capturingLog().log });
    await waitFor(
      () => publisher.published.length,
      (count) => count >= 3,
      { what: "the events published", timeoutMs: 5_000 },
    );
    expect(publisher.published).toEqual(events.map((event) => event.id));
  });

  it("takes the next batch at once after a full one, and waits to be woken after a short one", async () => {
    const publisher = scriptedPublisher();
    await writeEvents(5);
    relay = startOutboxRelay({
      db: database.db,
      publisher,
      log: capturingLog().log,
      batchSize: 2,
      pollIntervalMs: 60_000,
    });
    await waitFor(
      () => publisher.published.length,
      (count) => count >= 5,
      { what: "three batches without a pause", timeoutMs: 5_000 },
    );
    // The last batch was short: the relay now sleeps, and a row that woke no one waits for the next poll.
    const quiet = userUpdated("quiet");
    await database.db
      .insertInto("outbox")
      .values({ event_id: quiet.id, event_name: quiet.name, event: JSON.stringify(quiet) })
      .execute();
    await delay(300);
    expect(publisher.published).toHaveLength(5);
  });

  // Mutation: `options.batchSize ?? defaults.batchSize` as `&&`, which locks 200 rows whatever was asked.
  it("has no more rows in flight to the broker than its batch size", async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    const published: string[] = [];
    const publisher: EventPublisher = {
      async publishEvent(event) {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await delay(20);
        inFlight -= 1;
        published.push(event.id);
      },
    };
    await writeEvents(5);
    relay = startOutboxRelay({ db: database.db, publisher, log: capturingLog().log, batchSize: 2 });
    await waitFor(
      () => published.length,
      (count) => count >= 5,
      { what: "the events published", timeoutMs: 5_000 },
    );
    expect(mostInFlight).toBe(2);
  });

  // Mutation: `{ locked: 0, failed: 0 }` for an empty outbox as `{}`, after which the relay never
  // sleeps its poll interval and queries the outbox without pause.
  it("polls an empty outbox once per poll interval", async () => {
    const probe = databaseProbe();
    relay = startOutboxRelay({
      db: database.db.withPlugin(probe),
      publisher: scriptedPublisher(),
      log: capturingLog().log,
      pollIntervalMs: 100,
    });
    await delay(450);
    // About five polls; a relay that does not wait would make hundreds.
    expect(probe.selects).toBeGreaterThanOrEqual(1);
    expect(probe.selects).toBeLessThanOrEqual(20);
  });

  // Mutation: the relay loop's catch block emptied (`{}`), which stops backing off from database errors.
  it("backs off while the database fails, then publishes once it is back", async () => {
    const { log, lines } = capturingLog();
    const probe = databaseProbe();
    probe.failing = true;
    const publisher = scriptedPublisher();
    const [event] = await writeEvents(1);
    relay = startOutboxRelay({
      db: database.db.withPlugin(probe),
      publisher,
      log,
      pollIntervalMs: 10,
      retryDelayMs: 20,
    });
    await waitFor(
      () => lines.filter((line) => line.msg === "outbox relay backing off").length,
      (count) => count >= 2,
      { what: "two back-offs", timeoutMs: 5_000 },
    );
    expect(lines.find((line) => line.msg === "outbox relay backing off")).toMatchObject({
      failures: 1,
      retryInMs: 20,
      err: expect.objectContaining({ message: "database unreachable" }),
    });
    probe.failing = false;
    await waitFor(
      () => publisher.published,
      (ids) => ids.length >= 1,
      { what: "the row published", timeoutMs: 5_000 },
    );
    expect(publisher.published).toEqual([event?.id]);
  });

  // Mutation: `options.maxRetryDelayMs ?? defaults.maxRetryDelayMs` as `&&`, which caps at 15 s instead.
  it("never waits longer than its maximum retry delay", async () => {
    const { log, lines } = capturingLog();
    const publisher = scriptedPublisher();
    publisher.refusing = true;
    await writeEvents(1);
    relay = startOutboxRelay({ db: database.db, publisher, log, retryDelayMs: 30, maxRetryDelayMs: 50 });
    const backOffs = await waitFor(
      () => lines.filter((line) => line.msg === "outbox relay backing off"),
      (found) => found.length >= 3,
      { what: "three back-offs", timeoutMs: 5_000 },
    );
    expect(backOffs.slice(0, 3).map((line) => line.retryInMs)).toEqual([30, 50, 50]);
  });

  // Mutation: `failed === 1 && !invalid` as `failed === 1 || !invalid` or `true`, which warns once per row.
  it("warns once for a batch the broker refused, however many rows it held", async () => {
    const { log, lines } = capturingLog();
    const publisher = scriptedPublisher();
    publisher.refusing = true;
    await writeEvents(3);
    relay = startOutboxRelay({ db: database.db, publisher, log, retryDelayMs: 60_000 });
    await waitFor(
      () => lines.filter((line) => line.msg === "outbox relay backing off").length,
      (count) => count >= 1,
      { what: "the back-off", timeoutMs: 5_000 },
    );
    expect(lines.filter((line) => line.msg === "outbox event not confirmed by the broker")).toHaveLength(1);
    expect(lines.find((line) => line.msg === "outbox relay backing off")?.err).toMatchObject({
      message: "3 of 3 outbox events not confirmed",
    });
  });

  it("backs off while the broker refuses, doubling the wait, keeps the rows with their error, then goes on", async () => {
    const { log, lines } = capturingLog();
    const publisher = scriptedPublisher();
    publisher.refusing = true;
    const [event] = await writeEvents(1);
    relay = startOutboxRelay({
      db: database.db,
      publisher,
      log,
      pollIntervalMs: 10,
      retryDelayMs: 40,
      maxRetryDelayMs: 1_000,
    });
    await waitFor(
      () => lines.filter((line) => line.msg === "outbox relay backing off").length,
      (count) => count >= 3,
      { what: "three back-offs", timeoutMs: 5_000 },
    );
    publisher.refusing = false;
    await waitFor(
      () => publisher.published,
      (ids) => ids.length >= 1,
      { what: "the row published", timeoutMs: 5_000 },
    );
    // The relay marks the row sent before it says so: on a busy machine that takes more than a moment.
    await waitFor(
      () => lines.filter((line) => line.msg === "outbox relay publishing again"),
      (recovered) => recovered.length >= 1,
      { what: "the relay saying it publishes again", timeoutMs: 5_000 },
    );

    expect(lines.filter((line) => line.msg === "outbox relay backing off").slice(0, 3)).toEqual([
      expect.objectContaining({ level: 40, component: "outbox-relay", failures: 1, retryInMs: 40 }),
      expect.objectContaining({ level: 40, component: "outbox-relay", failures: 2, retryInMs: 80 }),
      expect.objectContaining({ level: 40, component: "outbox-relay", failures: 3, retryInMs: 160 }),
    ]);
    expect(lines.find((line) => line.msg === "outbox relay backing off")?.err).toMatchObject({
      message: "1 of 1 outbox events not confirmed",
    });
    expect(lines.find((line) => line.msg === "outbox event not confirmed by the broker")).toMatchObject({
      level: 40,
      err: expect.objectContaining({ message: "broker said no" }),
    });
    const recovered = lines.filter((line) => line.msg === "outbox relay publishing again");
    expect(recovered).toHaveLength(1);
    expect(recovered[0]?.afterFailures).toBeGreaterThanOrEqual(3);
    const row = await database.db
      .selectFrom("outbox")
      .select(["attempts", "last_error", sql<boolean>`sent_at is not null`.as("sent")])
      .where("event_id", "=", event?.id ?? "")
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBeGreaterThanOrEqual(3);
    expect(row).toMatchObject({ last_error: "broker said no", sent: true });
  });

  it("logs a row that breaks its contract once, and does not back off for it", async () => {
    const { log, lines } = capturingLog();
    const forged = { ...userUpdated("forged"), data: { userId: "nope" } };
    await database.db
      .insertInto("outbox")
      .values({ event_id: forged.id, event_name: forged.name, event: JSON.stringify(forged) })
      .execute();
    relay = startOutboxRelay({ db: database.db, publisher: scriptedPublisher(), log, pollIntervalMs: 10 });
    await waitFor(
      () => lines.length,
      (count) => count >= 1,
      { what: "the row reported", timeoutMs: 5_000 },
    );
    await delay(100);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        msg: "an outbox row breaks its contract; kept, not published",
        err: expect.objectContaining({ message: expect.stringMatching(/data\/userId/) }),
      }),
    ]);
  });

  it("deletes sent rows older than it keeps them, and no others", async () => {
    const [old, recent, unsent] = await writeEvents(3);
    const markSent = (id: string | undefined, age: string) =>
      database.db
        .updateTable("outbox")
        .set({ sent_at: sql<Date>`now() - ${age}::interval` })
        .where("event_id", "=", id ?? "")
        .execute();
    await markSent(old?.id, "3 days");
    await markSent(recent?.id, "1 day");
    const publisher = scriptedPublisher();
    publisher.refusing = true;
    relay = startOutboxRelay({
      db: database.db,
      publisher,
      log: capturingLog().log,
      keepSentForMs: 2 * 24 * 3_600_000,
      retryDelayMs: 10_000,
    });
    const remaining = await waitFor(
      async () =>
        (await database.db.selectFrom("outbox").select("event_id").orderBy("id").execute()).map(
          (row) => row.event_id,
        ),
      (ids) => ids.length <= 2,
      { what: "the old row pruned", timeoutMs: 5_000 },
    );
    expect(remaining).toEqual([recent?.id, unsent?.id]);
  });

  // Mutation: `Date.now() - prunedAt > settings.pruneEveryMs` as `true` or with `+`, pruning every poll.
  it("prunes only once per prune interval, not on every poll", async () => {
    const publisher = scriptedPublisher();
    relay = startOutboxRelay({
      db: database.db,
      publisher,
      log: capturingLog().log,
      pollIntervalMs: 10,
      keepSentForMs: 0,
      pruneEveryMs: 3_600_000,
    });
    // The relay pruned when it started; this row, sent afterwards, waits for the next prune an hour on.
    await delay(50);
    const [event] = await writeEvents(1);
    await waitFor(
      () => publisher.published.length,
      (count) => count >= 1,
      { what: "the event published", timeoutMs: 5_000 },
    );
    await delay(200);
    const rows = await database.db.selectFrom("outbox").select("event_id").execute();
    expect(rows.map((row) => row.event_id)).toEqual([event?.id]);
  });

  it("publishes nothing more once stopped", async () => {
    const publisher = scriptedPublisher();
    relay = startOutboxRelay({ db: database.db, publisher, log: capturingLog().log, pollIntervalMs: 10 });
    await writeEvents(1);
    await waitFor(
      () => publisher.published.length,
      (count) => count >= 1,
      { what: "the first event", timeoutMs: 5_000 },
    );
    await relay.stop();
    await writeEvents(1);
    await delay(200);
    expect(publisher.published).toHaveLength(1);
  });
});
