import type { BusTables } from "@tubedigest/bus";
import type { ColumnType, Generated } from "kysely";

export interface UsersTable {
  id: string;
  /** The address as its owner typed it (trimmed): what mail is sent to and screens show. */
  email: string;
  /** `canonicalEmail(email)`, unique: what every lookup by address compares. */
  email_canonical: string;
  /** When the owner first followed a sign-in link sent to the address; null while nobody has. */
  email_proven_at: Generated<Date | null>;
  /** When a sign-in link to the address was last followed; null while none has been. */
  link_signed_in_at: Generated<Date | null>;
  full_name: string | null;
  password_hash: string | null;
  /** The IANA zone the user's digest is timed in, as the runtime spells it canonically; 'UTC' unless given. */
  time_zone: Generated<string>;
  /** The reader paused their weekly digest; until `digest_paused_until` (a date in their zone), or until resumed when null. */
  digest_paused: Generated<boolean>;
  digest_paused_until: string | null;
  /** The language the user wants summaries in (one of SUMMARY_LANGUAGES); null for each video's own. */
  summary_language: Generated<string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** What a `td_claim` cookie names: one browser's right to sign in to its new password-less account once. */
export interface ClaimsTable {
  id: string;
  user_id: string;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}

/** What a link mailed to an address lets its holder do: sign in, or set a new password (and sign in). */
export type MailedLinkPurpose = "sign-in" | "password-reset";

export interface SignInLinksTable {
  /** SHA-256 of the token, hex: the token itself is only in the link sent to the address. */
  token_hash: string;
  user_id: string;
  purpose: ColumnType<MailedLinkPurpose, MailedLinkPurpose, never>;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

/** A move to another address, waiting for the link mailed there; it works once, within its lifetime. */
export interface EmailChangesTable {
  /** SHA-256 of the token, hex: the token itself is only in the link sent to the new address. */
  token_hash: string;
  user_id: string;
  /** The address asked for, as typed (trimmed). */
  new_email: string;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}

/**
 * Failed password sign-ins to one address (canonical, with or without an account) since the first of
 * them: past the limit, the address takes no password until the window ends or a link signs it in.
 */
export interface SignInFailuresTable {
  email_canonical: string;
  failures: number;
  first_failed_at: Generated<Date>;
}

export interface AuthDatabase extends BusTables {
  users: UsersTable;
  claims: ClaimsTable;
  sign_in_links: SignInLinksTable;
  email_changes: EmailChangesTable;
  sign_in_failures: SignInFailuresTable;
}
