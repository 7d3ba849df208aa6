import { randomBytes } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { MailerDatabase, MessagesTable } from "./database.ts";

/** A fresh secret for a feed's address: 256 random bits, which nobody guesses. */
const newToken = () => randomBytes(32).toString("base64url");

export type FeedEntry = Pick<
  Selectable<MessagesTable>,
  "id" | "natural_key" | "subject" | "html" | "sent_at"
>;

/** Each reader's private feed of their digests: its secret, and the digests it lists. */
export class FeedRepository {
  constructor(private readonly db: Kysely<MailerDatabase>) {}

  async tokenOf(userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("feeds")
      .select("token")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return row?.token;
  }

  /** The reader's feed, made if they had none: asking twice gives one feed. */
  async open(userId: string): Promise<string> {
    await this.db
      .insertInto("feeds")
      .values({ user_id: userId, token: newToken() })
      .onConflict((conflict) => conflict.column("user_id").doNothing())
      .execute();
    return (await this.tokenOf(userId)) ?? "";
  }

  /** A new secret for the reader's feed: the old address stops working at once. */
  async reset(userId: string): Promise<string> {
    const token = newToken();
    await this.db
      .insertInto("feeds")
      .values({ user_id: userId, token })
      .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ token, created_at: new Date() }))
      .execute();
    return token;
  }

  /** A new secret for the reader's feed if they have one, as `reset`; a reader without one gets none. */
  async resetIfOpen(userId: string): Promise<void> {
    await this.db
      .updateTable("feeds")
      .set({ token: newToken(), created_at: new Date() })
      .where("user_id", "=", userId)
      .execute();
  }

  async createdAt(userId: string): Promise<Date | undefined> {
    const row = await this.db
      .selectFrom("feeds")
      .select("created_at")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return row?.created_at;
  }

  async close(userId: string): Promise<void> {
    await this.db.deleteFrom("feeds").where("user_id", "=", userId).execute();
  }

  /** Whose feed an address's secret opens, if anyone's. */
  async ownerOf(token: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("feeds")
      .select("user_id")
      .where("token", "=", token)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** The reader's digests as the SMTP server took them, newest first. */
  sentDigests(userId: string, limit: number): Promise<FeedEntry[]> {
    return this.db
      .selectFrom("messages")
      .select(["id", "natural_key", "subject", "html", "sent_at"])
      .where("user_id", "=", userId)
      .where("template", "=", "digest")
      .where("status", "=", "sent")
      .orderBy("sent_at", "desc")
      .limit(limit)
      .execute();
  }
}
