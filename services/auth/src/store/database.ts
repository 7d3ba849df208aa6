import type { BusTables } from "@tubedigest/bus";
import type { Generated } from "kysely";

export interface UsersTable {
  id: string;
  email: string;
  full_name: string | null;
  password_hash: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AuthDatabase extends BusTables {
  users: UsersTable;
}
