import type { Migrations } from "@tubedigest/db";
import * as createBilling from "./20261122T2100-create-billing.ts";

export const migrations: Migrations = {
  "20261122T2100-create-billing": createBilling,
};
