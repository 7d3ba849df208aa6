import type { Migrations } from "@tubedigest/db";
import * as createCatalog from "./20261122T0220-create-catalog.ts";
import * as planAllowance from "./20261122T2200-plan-allowance.ts";
import * as uploadCheckLease from "./20261123T2125-upload-check-lease.ts";

// Named before the bus's 20261122T0230 outbox migration, so spreading `busMigrations` in later keeps
// kysely's order on databases that already ran this one.
export const migrations: Migrations = {
  "20261122T0220-create-catalog": createCatalog,
  "20261122T2200-plan-allowance": planAllowance,
  "20261123T2125-upload-check-lease": uploadCheckLease,
};
