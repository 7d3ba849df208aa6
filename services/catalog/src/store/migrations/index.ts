import type { Migrations } from "@tubedigest/db";
import * as createCatalog from "./20261122T0220-create-catalog.ts";

// Named before the bus's 20261122T0230 outbox migration, so spreading `busMigrations` in later keeps
// kysely's order on databases that already ran this one.
export const migrations: Migrations = {
  "20261122T0220-create-catalog": createCatalog,
};
