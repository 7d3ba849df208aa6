import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type AnyEvent, createEvent } from "@tubedigest/contracts";
import { createTestSchema } from "@tubedigest/testing/test-schema";
import { describe, expect, it } from "vitest";
import {
  busMigrations,
  createInProcessBus,
  InProcessBroker,
  openServiceStore,
  writeToOutbox,
} from "../src/index.ts";
import { silentLog } from "./support/bus-fixtures.ts";
import { waitFor } from "./support/wait-for.ts";

function channelFollowed(): AnyEvent {
  return createEvent(
    "channel.followed",
    { userId: randomUUID(), youtubeChannelId: "UC1", title: "Channel", thumbnailUrl: "" },
    { correlationId: "req-store" },
  );
}

/** An in-process bus recording the ids of the `channel.followed` events delivered to it. */
async function recordingBus() {
  const delivered: string[] = [];
  const events = createInProcessBus({ broker: new InProcessBroker(), log: silentLog });
  await events.subscribe({
    service: "summariser",
    queues: {
      follows: {
        events: ["channel.followed"],
        handlers: {
          "channel.followed": async (event) => {
            delivered.push(event.id);
          },
        },
      },
    },
  });
  return { events, delivered };
}

describe("service store", () => {
  it("on an embedded database relays each write as it commits, and looks by itself only every 5 minutes", async () => {
    const { events, delivered } = await recordingBus();
    const folder = mkdtempSync(path.join(tmpdir(), "service-store-"));
    const store = await openServiceStore({
      // A data folder of its own starts as a copy of a pristine one; one in memory would run initdb.
      database: { dataDir: path.join(folder, "database"), schema: "store_embedded" },
      migrations: busMigrations,
      events,
      log: silentLog,
    });
    try {
      // The database is this process's alone, and every write to it wakes the relay: the safety net is long.
      expect(store.safetyNetMs).toBe(5 * 60_000);
      const event = channelFollowed();
      const committedAt = Date.now();
      await store.database.db.transaction().execute((trx) => writeToOutbox(trx, event));
      await waitFor(
        () => delivered,
        (ids) => ids.includes(event.id),
        { what: "the event delivered", timeoutMs: 2_000 },
      );
      expect(Date.now() - committedAt).toBeLessThan(2_000);
    } finally {
      await store.close();
      await events.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("on a database reached by URL, which other processes write to, looks by itself every 30 s", async () => {
    const { events } = await recordingBus();
    const { schema, url, drop } = await createTestSchema("bus_test");
    const store = await openServiceStore({
      database: { url, schema },
      migrations: busMigrations,
      events,
      log: silentLog,
    });
    try {
      expect(store.safetyNetMs).toBe(30_000);
    } finally {
      await store.close();
      await events.close();
      await drop();
    }
  });
});
