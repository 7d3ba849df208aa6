import type { Kysely } from "kysely";
import type { AuthDatabase } from "./database.ts";
import { hashOfLinkToken, newLinkToken } from "./link-token.ts";

/** The moves to another address that wait for their link; each works once, within its lifetime. */
export class EmailChangeRepository {
  constructor(private readonly db: Kysely<AuthDatabase>) {}

  /** Makes a link for the move and answers its token, which the caller hands to the mailer and nowhere else. */
  async create(input: { userId: string; newEmail: string; now: Date; expiresAt: Date }): Promise<string> {
    const { token, hash } = newLinkToken();
    await this.db
      .insertInto("email_changes")
      .values({
        token_hash: hash,
        user_id: input.userId,
        new_email: input.newEmail,
        created_at: input.now,
        expires_at: input.expiresAt,
      })
      .execute();
    return token;
  }

  /** Ends every link of the account still waiting: a newer request, or the move made, replaces them. */
  async endPendingOf(userId: string, now: Date): Promise<void> {
    await this.db
      .updateTable("email_changes")
      .set({ used_at: now })
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .execute();
  }

  /** The move a link would make while it is unused and unexpired, leaving it unused. */
  find(token: string, now: Date): Promise<{ new_email: string } | undefined> {
    return this.db
      .selectFrom("email_changes")
      .select("new_email")
      .where("token_hash", "=", hashOfLinkToken(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
  }

  /** Uses a link up and answers its move, in one statement, while it is unused and unexpired. */
  consume(token: string, now: Date): Promise<{ user_id: string; new_email: string } | undefined> {
    return this.db
      .updateTable("email_changes")
      .set({ used_at: now })
      .where("token_hash", "=", hashOfLinkToken(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .returning(["user_id", "new_email"])
      .executeTakeFirst();
  }
}
