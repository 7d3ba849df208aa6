import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createEvent } from "@tubedigest/contracts";
import { createDatabase, migrateToLatest } from "@tubedigest/db";
import { type Generated, type Kysely, sql } from "kysely";
import { describe, expect, it, onTestFinished } from "vitest";
import {
  type BusTables,
  busMigrations,
  createInProcessBus,
  handleOnce,
  InProcessBroker,
  startOutboxRelay,
  writeToOutbox,
} from "../src/index.ts";
import { silentLog } from "./support/bus-fixtures.ts";
import { waitFor } from "./support/wait-for.ts";

type Tables = BusTables & { effects: { id: Generated<number>; event_id: string } };

describe("embedded mode (PGlite + in-process bus)", () => {
  it("runs the bus migrations, the outbox relay and idempotent handlers on PGlite's single connection", async () => {
    // A data folder of its own starts as a copy of a pristine one; one in memory would run initdb.
    const folder = mkdtempSync(path.join(tmpdir(), "embedded-bus-"));
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
    const database = createDatabase<Tables>({
      dataDir: path.join(folder, "database"),
      schema: "embedded_bus",
    });
    await migrateToLatest(database.db as Kysely<unknown>, "embedded_bus", {
      ...busMigrations,
      "20261122T0300-test-effects": {
        async up(db) {
          await db.schema
            .createTable("effects")
            .addColumn("id", "integer", (column) => column.primaryKey().generatedAlwaysAsIdentity())
            .addColumn("event_id", "uuid", (column) => column.notNull())
            .execute();
        },
      },
    });
    const { db } = database;
    const broker = new InProcessBroker();
    const bus = createInProcessBus({ broker, log: silentLog });
    await bus.subscribe({
      service: "summariser",
      queues: {
        follows: {
          events: ["channel.followed"],
          handlers: {
            "channel.followed": handleOnce(db, async (event, { trx }) => {
              await trx.insertInto("effects").values({ event_id: event.id }).execute();
            }),
          },
        },
      },
    });
    const relay = startOutboxRelay({ db, publisher: bus, log: silentLog, pollIntervalMs: 10 });
    const events = Array.from({ length: 50 }, (_, index) =>
      createEvent(
        "channel.followed",
        { userId: randomUUID(), youtubeChannelId: `UC${index}`, title: `Channel ${index}`, thumbnailUrl: "" },
        { correlationId: "req-embedded" },
      ),
    );
    try {
      await db.transaction().execute((trx) => writeToOutbox(trx, ...events));
      // The same events again, as a relay that died before marking them sent would publish them.
      for (const event of events.slice(0, 10)) await bus.publishEvent(event);
      const count = () =>
        db.selectFrom("effects").select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow();
      await waitFor(count, ({ count: effects }) => effects >= 50, { what: "50 effects" });
      await waitFor(
        () => db.selectFrom("inbox").select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
        ({ count: handled }) => handled === 50,
      );
      expect((await count()).count).toBe(50);
    } finally {
      await relay.stop();
      await bus.close();
      await database.close();
    }
  });
});
