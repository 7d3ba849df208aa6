import type { Migrations } from "@tubedigest/db";
import * as createSummariser from "./20261123T1900-create-summariser.ts";

export const migrations: Migrations = {
  "20261123T1900-create-summariser": createSummariser,
};
