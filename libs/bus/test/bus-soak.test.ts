import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startOutboxRelay, writeToOutbox } from "../src/index.ts";
import { type BusFixture, busImplementations, silentLog } from "./support/bus-fixtures.ts";
import { recordEffectIn, subscribeProfiles, userUpdated } from "./support/scenario.ts";
import { createTestDatabase, type TestDatabase } from "./support/test-database.ts";
import { delay, waitFor } from "./support/wait-for.ts";

/**
 * The event backbone under load and a broker outage, on each implementation. A file of its own: it
 * takes seconds, and mutation testing leaves it out (stryker/README.md) for the scenario tests to answer.
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

  it("delivers 1,000 outbox events across a lost and restored broker connection, each with one effect", async () => {
    const consumer = await fixture.createBus();
    await subscribeProfiles(fixture, consumer, recordEffectIn(database));
    const publisher = await fixture.createBus();
    const relay = startOutboxRelay({
      db: database.db,
      publisher,
      log: silentLog,
      pollIntervalMs: 10,
      retryDelayMs: 50,
      maxRetryDelayMs: 200,
    });
    try {
      const writeBatches = async (from: number, to: number) => {
        for (let batch = from; batch < to; batch++) {
          await database.db.transaction().execute(async (trx) => {
            for (let index = 0; index < 10; index++)
              await writeToOutbox(trx, userUpdated(`n${batch * 10 + index}`));
          });
        }
      };
      await writeBatches(0, 50);
      // Cut while events are on their way: some handled, some published but not handled, some unsent.
      const atCut = await waitFor(
        () => database.countEffects(),
        ({ total }) => total >= 200,
        { what: "200 effects before the cut" },
      );
      fixture.cutConnections();
      const restored = delay(750).then(() => fixture.restoreConnections());
      await writeBatches(50, 100);
      await restored;
      expect(atCut.total).toBeLessThan(1_000);
      await waitFor(
        () => database.countEffects(),
        ({ total }) => total >= 1_000,
        {
          timeoutMs: 45_000,
          what: "1,000 effects",
        },
      );
      await delay(300);
      expect(await database.countEffects()).toEqual({ total: 1_000, distinct: 1_000 });
      expect(await database.countUnsent()).toBe(0);
    } finally {
      await relay.stop();
    }
  }, 60_000);
});
