import { canonicalEmail } from "@tubedigest/contracts/canonical-email";
import type { Kysely } from "kysely";
import { addressHash } from "./address-hash.ts";
import type { MailerDatabase } from "./database.ts";

/** Why an address of a deleted account is suppressed; a new sign-up with it lifts that alone. */
export const ERASED_ACCOUNT = "account-deleted";

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
      .values({ email: addressHash(email), reason: ERASED_ACCOUNT })
      .onConflict((conflict) => conflict.column("email").doNothing())
      .execute();
  }

  /** Someone signs up again with a deleted account's address: mail may go to it again. Other suppressions stay. */
  async liftErased(email: string): Promise<void> {
    await this.db
      .deleteFrom("suppressions")
      .where("email", "=", addressHash(email))
      .where("reason", "=", ERASED_ACCOUNT)
      .execute();
  }

  /** Of these addresses, those suppressed (as given), in one statement. */
  async suppressedAmong(emails: readonly string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const keys = new Map<string, string[]>();
    for (const email of emails) {
      for (const key of [canonicalEmail(email), addressHash(email)])
        keys.set(key, [...(keys.get(key) ?? []), email]);
    }
    const rows = await this.db
      .selectFrom("suppressions")
      .select("email")
      .where("email", "in", [...keys.keys()])
      .execute();
    return new Set(rows.flatMap((row) => keys.get(row.email) ?? []));
  }
}
