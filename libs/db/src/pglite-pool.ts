import type { PostgresPool, PostgresPoolClient } from "kysely";
import type { EmbeddedPostgres } from "./embedded-postgres.ts";

/**
 * Presents one service's view of an embedded database as the pool kysely's Postgres dialect expects:
 * every checkout is exclusive on the whole database and starts in the service's schema. Ending it closes
 * the database only when the service owns it; a shared one stays open for the other services.
 */
export class PGlitePool implements PostgresPool {
  constructor(
    readonly embedded: EmbeddedPostgres,
    readonly schema: string,
    readonly owned: boolean,
  ) {}

  connect(): Promise<PostgresPoolClient> {
    return this.embedded.checkout(this.schema);
  }

  async end(): Promise<void> {
    if (this.owned) await this.embedded.close();
    else await this.embedded.idle();
  }
}
