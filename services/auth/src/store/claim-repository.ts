import { randomUUID } from "node:crypto";
import { canonicalEmail } from "@tubedigest/contracts/canonical-email";
import type { Kysely } from "kysely";
import type { AuthDatabase } from "./database.ts";
import type { User } from "./user-repository.ts";

/** Claims live 24 hours: long enough for the landing page's flow, not a standing way in. */
export const CLAIM_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The claims of password-less accounts; each lets one browser sign in once, by e-mail alone. */
export class ClaimRepository {
  constructor(private readonly db: Kysely<AuthDatabase>) {}

  async create(userId: string, now: Date): Promise<string> {
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + CLAIM_LIFETIME_MS);
    await this.db.insertInto("claims").values({ id, user_id: userId, expires_at: expiresAt }).execute();
    return id;
  }

  /** The account a claim is for, while it is unused and unexpired. */
  async holderOf(claimId: string, now: Date): Promise<string | undefined> {
    const claim = await this.db
      .selectFrom("claims")
      .select("user_id")
      .where("id", "=", claimId)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    return claim?.user_id;
  }

  /**
   * Uses the claim up and answers its account, in one statement, when the claim is live and for this
   * address; two requests racing with the same cookie cannot both get in.
   */
  async consume(claimId: string, email: string, now: Date): Promise<User | undefined> {
    return this.db
      .updateTable("claims")
      .from("users")
      .set({ used_at: now })
      .whereRef("claims.user_id", "=", "users.id")
      .where("claims.id", "=", claimId)
      .where("claims.used_at", "is", null)
      .where("claims.expires_at", ">", now)
      .where("users.email_canonical", "=", canonicalEmail(email))
      .returningAll("users")
      .executeTakeFirst();
  }

  /** Ends every claim on an account, once it has a password or a proven owner. */
  async consumeAllOf(userId: string, now: Date): Promise<void> {
    await this.db
      .updateTable("claims")
      .set({ used_at: now })
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .execute();
  }
}
