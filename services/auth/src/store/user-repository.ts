import { randomUUID } from "node:crypto";
import { canonicalEmail } from "@tubedigest/contracts/canonical-email";
import { type Kysely, type Selectable, sql } from "kysely";
import type { AuthDatabase, UsersTable } from "./database.ts";

export type User = Selectable<UsersTable>;

/** The users aggregate: every query auth makes against its `users` table. */
export class UserRepository {
  constructor(private readonly db: Kysely<AuthDatabase>) {}

  findById(id: string): Promise<User | undefined> {
    return this.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The account, locked until the transaction ends, so changes to it are decided one after another. */
  findByIdForUpdate(id: string): Promise<User | undefined> {
    return this.db.selectFrom("users").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
  }

  /** One account per address however it is spelt: the comparison is on `canonicalEmail`. */
  findByEmail(email: string): Promise<User | undefined> {
    return this.db
      .selectFrom("users")
      .selectAll()
      .where("email_canonical", "=", canonicalEmail(email))
      .executeTakeFirst();
  }

  /**
   * The same, locking the account's row until the transaction ends, so requests about one account (a
   * sign-in link's rate) are decided one after another.
   */
  findByEmailForUpdate(email: string): Promise<User | undefined> {
    return this.db
      .selectFrom("users")
      .selectAll()
      .where("email_canonical", "=", canonicalEmail(email))
      .forUpdate()
      .executeTakeFirst();
  }

  /** Throws a unique violation when the e-mail is taken, which callers turn into a 409. */
  insert(user: { email: string; passwordHash: string | null; timeZone?: string }): Promise<User> {
    return this.db
      .insertInto("users")
      .values({
        id: randomUUID(),
        email: user.email,
        email_canonical: canonicalEmail(user.email),
        password_hash: user.passwordHash,
        full_name: null,
        ...(user.timeZone === undefined ? {} : { time_zone: user.timeZone }),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Sets the password only while the account has none, so two racing claims cannot both win. */
  async setFirstPassword(id: string, passwordHash: string): Promise<User | undefined> {
    return this.db
      .updateTable("users")
      .set({ password_hash: passwordHash, updated_at: sql`now()` })
      .where("id", "=", id)
      .where("password_hash", "is", null)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Records that the owner proved the address, once. Whatever password the account had is dropped with
   * it: it was set before anyone proved the address, perhaps by someone squatting it.
   */
  markProven(id: string, now: Date): Promise<User | undefined> {
    return this.db
      .updateTable("users")
      .set({ email_proven_at: now, password_hash: null, updated_at: sql`now()` })
      .where("id", "=", id)
      .where("email_proven_at", "is", null)
      .returningAll()
      .executeTakeFirst();
  }

  /** A sign-in link to the address was followed just now. */
  recordLinkSignIn(id: string, now: Date): Promise<User | undefined> {
    return this.db
      .updateTable("users")
      .set({ link_signed_in_at: now })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  }

  /** A new password the owner chose (the old one checked by the caller). */
  changePassword(id: string, passwordHash: string): Promise<User | undefined> {
    return this.db
      .updateTable("users")
      .set({ password_hash: passwordHash, updated_at: sql`now()` })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Moves the account to an address its owner just proved (they followed the link mailed to it). Throws
   * a unique violation when another account has the address.
   */
  changeEmail(id: string, email: string, now: Date): Promise<User | undefined> {
    return this.db
      .updateTable("users")
      .set({
        email,
        email_canonical: canonicalEmail(email),
        email_proven_at: now,
        updated_at: sql`now()`,
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Pauses the weekly digest (until a date, or until resumed with `until` null), or resumes it. */
  setDigestPause(id: string, pause: { paused: boolean; until: string | null }): Promise<User | undefined> {
    return this.db
      .updateTable("users")
      .set({ digest_paused: pause.paused, digest_paused_until: pause.until, updated_at: sql`now()` })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes the account; its claims, sign-in links and pending moves go with it (foreign keys cascade). */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom("users").where("id", "=", id).execute();
  }

  replacePasswordHash(id: string, passwordHash: string): Promise<unknown> {
    return this.db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", id).execute();
  }

  /** A zone or summary language left out is kept as it is. */
  updateProfile(
    id: string,
    profile: {
      fullName: string | null;
      timeZone?: string | undefined;
      summaryLanguage?: string | null | undefined;
    },
  ): Promise<User | undefined> {
    return this.db
      .updateTable("users")
      .set({
        full_name: profile.fullName,
        ...(profile.timeZone === undefined ? {} : { time_zone: profile.timeZone }),
        ...(profile.summaryLanguage === undefined ? {} : { summary_language: profile.summaryLanguage }),
        updated_at: sql`now()`,
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  }
}
