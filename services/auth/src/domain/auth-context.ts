import type { Kysely } from "kysely";
import type { AuthDatabase } from "../store/database.ts";
import type { PasswordHasher } from "./password-hasher.ts";

/** What auth's operations work with, built once at start-up. */
export interface AuthContext {
  db: Kysely<AuthDatabase>;
  hasher: PasswordHasher;
}
