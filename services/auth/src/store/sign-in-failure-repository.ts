import { canonicalEmail } from "@tubedigest/contracts/canonical-email";
import { type Kysely, sql } from "kysely";
import type { AuthDatabase } from "./database.ts";

/** Failed password sign-ins per address, each count within its window (see SignInFailuresTable). */
export class SignInFailureRepository {
  constructor(private readonly db: Kysely<AuthDatabase>) {}

  /** The failures counted against the address in a window that began after `since`. */
  async countSince(email: string, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom("sign_in_failures")
      .select("failures")
      .where("email_canonical", "=", canonicalEmail(email))
      .where("first_failed_at", ">", since)
      .executeTakeFirst();
    return row?.failures ?? 0;
  }

  /**
   * Counts one more failure in one statement, so racing tries are all counted; a count whose window
   * ended (its first failure at or before `since`) starts again at one.
   */
  async add(email: string, now: Date, since: Date): Promise<void> {
    await this.db
      .insertInto("sign_in_failures")
      .values({ email_canonical: canonicalEmail(email), failures: 1, first_failed_at: now })
      .onConflict((conflict) =>
        conflict.column("email_canonical").doUpdateSet({
          failures: sql`case when sign_in_failures.first_failed_at > ${since} then sign_in_failures.failures + 1 else 1 end`,
          first_failed_at: sql`case when sign_in_failures.first_failed_at > ${since} then sign_in_failures.first_failed_at else excluded.first_failed_at end`,
        }),
      )
      .execute();
    // Counts of addresses nobody tried again would otherwise stay for ever.
    await this.db.deleteFrom("sign_in_failures").where("first_failed_at", "<=", since).execute();
  }

  /** The owner got in (the right password, or a link): the address starts afresh. */
  async clear(email: string): Promise<void> {
    await this.db
      .deleteFrom("sign_in_failures")
      .where("email_canonical", "=", canonicalEmail(email))
      .execute();
  }
}
