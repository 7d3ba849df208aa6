import { LogLevel, SchemaName, Url } from "@tubedigest/config";
import {
  createDatabase,
  type Database,
  type EmbeddedPostgres,
  type Migrations,
  migrateDatabase,
  prepareSchema,
  type SchemaMigration,
} from "@tubedigest/db";
import type { Logger } from "pino";
import Type, { type Static } from "typebox";
import type { EventBus } from "./event-bus.ts";
import { startOutboxRelay } from "./outbox/outbox-relay.ts";

/** A service's database: a URL or a data folder, the schema it owns, and who migrates it. */
export interface ServiceDatabaseSettings {
  url?: string | undefined;
  dataDir?: string | undefined;
  schema: string;
  poolSize?: number;
  migration?: SchemaMigration | undefined;
}

export interface ServiceStoreOptions {
  database: ServiceDatabaseSettings;
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
 * (safe with several replicas: the migrations take a lock), or, with `migration: { mode: "wait" }`, found
 * current once the migrate step has run, and the relay that publishes what its transactions write to the
 * outbox.
 */
export async function openServiceStore<DB>(options: ServiceStoreOptions): Promise<ServiceStore<DB>> {
  const database = createDatabase<DB>({ ...options.database, embedded: options.embedded });
  await prepareSchema(
    database.db,
    database.schema,
    options.migrations,
    options.database.migration,
    options.log,
  );
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

/**
 * A service's migrate step (`main.js migrate`), reading only what its schema needs: the same DATABASE_URL
 * and DATABASE_SCHEMA (default `schema`) as the service, and LOG_LEVEL.
 */
export function schemaMigrationStep(schema: string, migrations: Migrations) {
  const environment = Type.Object({
    LOG_LEVEL: LogLevel,
    DATABASE_URL: Url(["postgres", "postgresql"], { description: "Postgres" }),
    DATABASE_SCHEMA: SchemaName(schema),
  });
  return {
    environment,
    run: (env: Static<typeof environment>) =>
      migrateDatabase({ url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA }, migrations),
  };
}
