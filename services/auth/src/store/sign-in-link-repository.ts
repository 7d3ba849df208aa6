import type { Kysely } from "kysely";
import type { AuthDatabase, MailedLinkPurpose } from "./database.ts";
import { hashOfLinkToken as hashOf, newLinkToken } from "./link-token.ts";

/**
 * The links mailed to addresses, of one purpose (signing in, or setting a new password); each works once,
 * within its lifetime, and only for what it was made for.
 */
export class SignInLinkRepository {
  constructor(
    private readonly db: Kysely<AuthDatabase>,
    private readonly purpose: MailedLinkPurpose,
  ) {}

  /** When the account's latest link of this purpose was made, if ever. */
  async latestCreatedAt(userId: string): Promise<Date | undefined> {
    const latest = await this.db
      .selectFrom("sign_in_links")
      .select("created_at")
      .where("user_id", "=", userId)
      .where("purpose", "=", this.purpose)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst();
    return latest?.created_at;
  }

  /** Makes a link and answers its token, which the caller hands to the mailer and nowhere else. */
  async create(userId: string, now: Date, expiresAt: Date): Promise<string> {
    const { token, hash } = newLinkToken();
    await this.db
      .insertInto("sign_in_links")
      .values({
        token_hash: hash,
        user_id: userId,
        purpose: this.purpose,
        created_at: now,
        expires_at: expiresAt,
      })
      .execute();
    return token;
  }

  /** The account a link opens while it is unused and unexpired, leaving it unused. */
  async holderOf(token: string, now: Date): Promise<string | undefined> {
    const link = await this.db
      .selectFrom("sign_in_links")
      .select("user_id")
      .where("token_hash", "=", hashOf(token))
      .where("purpose", "=", this.purpose)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    return link?.user_id;
  }

  /** Uses the link up and answers its account, in one statement, while it is unused and unexpired. */
  async consume(token: string, now: Date): Promise<string | undefined> {
    const link = await this.db
      .updateTable("sign_in_links")
      .set({ used_at: now })
      .where("token_hash", "=", hashOf(token))
      .where("purpose", "=", this.purpose)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .returning("user_id")
      .executeTakeFirst();
    return link?.user_id;
  }
}
