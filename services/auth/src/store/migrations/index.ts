import type { Migrations } from "@tubedigest/db";
import * as createUsers from "./20261122T0210-create-users.ts";

export const migrations: Migrations = {
  "20261122T0210-create-users": createUsers,
};
