import { createHash } from "node:crypto";
import { canonicalEmail } from "@tubedigest/contracts/canonical-email";
import type { Kysely } from "kysely";
import type { MailerDatabase } from "./database.ts";

/** Why an address of a deleted account is suppressed; a new sign-up with it lifts that alone. */
export const ERASED_ACCOUNT = "account-deleted";

/**
 * How an address is kept when it must not be kept in plain: a deleted account's. SHA-256 of the canonical
 * spelling, so the address can be checked against the list but not read from it.
 */
const hashed = (email: string) =>
  `sha256:${createHash("sha256").update(canonicalEmail(email)).digest("hex")}`;

/**
 * The addresses no mail goes to, each under its canonical spelling so `Ann@X.io` and `ann@x.io` are one,
 * or, for a deleted account's, under a hash of it.
 */
export class SuppressionRepository {
  constructor(private readonly db: Kysely<MailerDatabase>) {}

  /** Adds an address; one already there keeps its first reason. */
  async suppress(email: string, reason: string): Promise<void> {
    await this.db
      .insertInto("suppressions")
      .values({ email: canonicalEmail(email), reason })
      .onConflict((conflict) => conflict.column("email").doNothing())
      .execute();
  }

  /**
   * Suppresses a deleted account's address without keeping it: a plain row for it (a bounce earlier)
   * becomes the hash too.
   */
  async suppressErased(email: string): Promise<void> {
    await this.db.deleteFrom("suppressions").where("email", "=", canonicalEmail(email)).execute();
    await this.db
      .insertInto("suppressions")
      .values({ email: hashed(email), reason: ERASED_ACCOUNT })
      .onConflict((conflict) => conflict.column("email").doNothing())
      .execute();
  }

  /** Someone signs up again with a deleted account's address: mail may go to it again. Other suppressions stay. */
  async liftErased(email: string): Promise<void> {
    await this.db
      .deleteFrom("suppressions")
      .where("email", "=", hashed(email))
      .where("reason", "=", ERASED_ACCOUNT)
      .execute();
  }

  async isSuppressed(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("suppressions")
      .select("email")
      .where("email", "in", [canonicalEmail(email), hashed(email)])
      .executeTakeFirst();
    return row !== undefined;
  }
}
