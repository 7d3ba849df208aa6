import type { RecordEvent } from "@tubedigest/bus";
import type { Kysely } from "kysely";
import type { AuthDatabase } from "../store/database.ts";
import type { PasswordHasher } from "./password-hasher.ts";

/** What auth's operations work with, built once at start-up. */
export interface AuthContext {
  db: Kysely<AuthDatabase>;
  hasher: PasswordHasher;
  /** Where every event auth publishes is written, in the transaction of the change it reports. */
  recordEvent: RecordEvent<AuthDatabase>;
  /** The clock claims and sign-in links expire by. */
  now: () => Date;
}

/** Who is asking, as far as auth can tell from what the gateway and the browser sent. */
export interface Visitor {
  /** The account the browser is signed in to, as the gateway vouches. */
  userId: string | undefined;
  /** The claim id the browser's `td_claim` cookie names, if the signature holds; it may be used or expired. */
  claimId: string | undefined;
}
