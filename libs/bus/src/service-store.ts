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
  database: { url?: string | undefined; dataDir?: string | undefined; schema: string };
  /** The embedded product's one database, where the service keeps to its schema. */
  embedded?: EmbeddedPostgres | undefined;
  /** The service's migrations, the bus's outbox and inbox among them. */
  migrations: Migrations;
  events: EventBus;
  log: Logger;
}

/** A service's own schema, migrated, with its outbox relayed to the bus. */
export interface ServiceStore<DB> {
  database: Database<DB>;
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
  const relay = startOutboxRelay({
    db: database.db,
    publisher: options.events,
    log: options.log,
    notifications: database.notifications,
  });
  return {
    database,
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
