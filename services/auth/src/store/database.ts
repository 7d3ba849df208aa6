import type { BusTables } from "@tubedigest/bus";
import type { Generated } from "kysely";

export interface UsersTable {
  id: string;
  /** The address as its owner typed it (trimmed): what mail is sent to and screens show. */
  email: string;
  /** `canonicalEmail(email)`, unique: what every lookup by address compares. */
  email_canonical: string;
  full_name: string | null;
  password_hash: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AuthDatabase extends BusTables {
  users: UsersTable;
}
