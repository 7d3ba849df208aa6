import {
  createDatabase,
  type Database,
  type EmbeddedPostgres,
  type Migrations,
  migrateToLatest,
} from "@tubedigest/db";
import type { Logger } from "pino";
import type { EventBus } from "./event-bus.ts";
import { startOutboxRelay } from "./outbox/outbox-relay.ts";

export interface ServiceStoreOptions {
  /** The service's database: a URL or a data folder, and the schema it owns. */
  database: { url?: string | undefined; dataDir?: string | undefined; schema: string; poolSize?: number };
  /** The embedded product's one database, where the service keeps to its schema. */
  embedded?: EmbeddedPostgres | undefined;
  /** The service's migrations, the bus's outbox and inbox among them. */
  migrations: Migrations;
  events: EventBus;
  log: Logger;
}

/**
 * How long a look at the database that only guards against a lost wake-up waits (the outbox relay's, and
 * the mail dispatcher's). A database reached by URL is shared with other processes, whose writes may
 * reach this one late or not at all (a notification lost with its connection, a replica that queued a
 * message and died): 30 s. An embedded database is this process's alone (its data folder is locked to it)
 * and every write wakes what waits on it as it commits: what is left to catch is the unforeseen, for
 * which an idle product need not wake twice a minute.
 */
const SAFETY_NET_MS = { shared: 30_000, embedded: 5 * 60_000 };

/** A service's own schema, migrated, with its outbox relayed to the bus. */
export interface ServiceStore<DB> {
  database: Database<DB>;
  /** How often the relay looks at the outbox unwoken; other safety-net polls of the service use it too. */
  safetyNetMs: number;
  /** For the service's `/readyz`: without its database it cannot work; without the broker the outbox waits. */
  readiness: {
    essential: { database: () => Promise<boolean> };
    degradable: { broker: () => Promise<boolean> };
  };
  /** Stops the relay, then closes the database. */
  close(): Promise<void>;
}

/**
 * What every service that publishes events opens first, the same way: its schema migrated at start-up
 * (safe with several replicas: the migrations take a lock), and the relay that publishes what its
 * transactions write to the outbox.
 */
export async function openServiceStore<DB>(options: ServiceStoreOptions): Promise<ServiceStore<DB>> {
  const database = createDatabase<DB>({ ...options.database, embedded: options.embedded });
  await migrateToLatest(database.db, database.schema, options.migrations);
  const safetyNetMs = options.database.url === undefined ? SAFETY_NET_MS.embedded : SAFETY_NET_MS.shared;
  const relay = startOutboxRelay({
    db: database.db,
    publisher: options.events,
    log: options.log,
    notifications: database.notifications,
    pollIntervalMs: safetyNetMs,
  });
  return {
    database,
    safetyNetMs,
    readiness: {
      essential: { database: database.ping },
      degradable: { broker: async () => options.events.isConnected() },
    },
    async close() {
      await relay.stop();
      await database.close();
    },
  };
}
