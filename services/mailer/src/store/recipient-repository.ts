import { canonicalEmail } from "@tubedigest/contracts";
import { type Kysely, type Selectable, sql } from "kysely";
import type { MailerDatabase, RecipientsTable } from "./database.ts";

export type Recipient = Selectable<RecipientsTable>;

/** What the mailer knows of each account, kept from auth's and billing's events. */
export class RecipientRepository {
  constructor(private readonly db: Kysely<MailerDatabase>) {}

  find(userId: string): Promise<Recipient | undefined> {
    return this.db.selectFrom("recipients").selectAll().where("user_id", "=", userId).executeTakeFirst();
  }

  findByEmail(email: string): Promise<Recipient | undefined> {
    return this.db
      .selectFrom("recipients")
      .selectAll()
      .where("canonical_email", "=", canonicalEmail(email))
      .executeTakeFirst();
  }

  async save(input: { userId: string; email: string; fullName: string | null }): Promise<void> {
    const values = {
      email: input.email,
      canonical_email: canonicalEmail(input.email),
      full_name: input.fullName,
      updated_at: sql<Date>`now()`,
    };
    await this.db
      .insertInto("recipients")
      .values({ user_id: input.userId, ...values })
      .onConflict((conflict) => conflict.column("user_id").doUpdateSet(values))
      .execute();
  }

  async setPaying(userId: string, paying: boolean): Promise<void> {
    await this.db
      .updateTable("recipients")
      .set({ paying, updated_at: sql<Date>`now()` })
      .where("user_id", "=", userId)
      .execute();
  }

  /** Records the choice; answers false when it was already so (a second click changes nothing). */
  async setUnsubscribed(userId: string, at: Date | null): Promise<boolean> {
    const result = await this.db
      .updateTable("recipients")
      .set({ unsubscribed_at: at, updated_at: sql<Date>`now()` })
      .where("user_id", "=", userId)
      .where("unsubscribed_at", at === null ? "is not" : "is", null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
