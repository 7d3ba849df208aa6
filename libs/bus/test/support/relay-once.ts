import { createInProcessBus, startOutboxRelay } from "../../src/index.ts";
import { silentLog } from "./bus-fixtures.ts";
import type { TestDatabase } from "./test-database.ts";
import { waitFor } from "./wait-for.ts";

/** Relays the outbox to an in-process bus until `unsent` rows are left unsent, then stops both. */
export async function relayUntilUnsent(database: TestDatabase, unsent: number, what: string): Promise<void> {
  const bus = createInProcessBus({ log: silentLog });
  const relay = startOutboxRelay({ db: database.db, publisher: bus, log: silentLog });
  try {
    await waitFor(
      () => database.countUnsent(),
      (left) => left === unsent,
      { what },
    );
  } finally {
    await relay.stop();
    await bus.close();
  }
}
