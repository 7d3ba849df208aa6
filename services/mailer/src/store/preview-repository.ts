import type { Kysely, Selectable } from "kysely";
import type { MailerDatabase, PreviewsTable } from "./database.ts";

export type Preview = Selectable<PreviewsTable>;

/** Each account's latest newsletter preview, as the summariser reported it. */
export class PreviewRepository {
  constructor(private readonly db: Kysely<MailerDatabase>) {}

  /** Keeps the preview unless a later one is already kept (events may arrive out of order). */
  async record(preview: {
    userId: string;
    channelTitle: string | null;
    channelId: string | null;
    bullets: string[];
    shownAt: Date;
  }): Promise<void> {
    const values = {
      channel_title: preview.channelTitle,
      channel_id: preview.channelId,
      bullets: JSON.stringify(preview.bullets),
      shown_at: preview.shownAt,
    };
    await this.db
      .insertInto("previews")
      .values({ user_id: preview.userId, ...values })
      .onConflict((conflict) =>
        conflict.column("user_id").doUpdateSet(values).where("previews.shown_at", "<", preview.shownAt),
      )
      .execute();
  }

  find(userId: string): Promise<Preview | undefined> {
    return this.db.selectFrom("previews").selectAll().where("user_id", "=", userId).executeTakeFirst();
  }

  /** A reminder was taken before the account's welcome was queued: the welcome is to carry it. */
  async oweReminder(userId: string, at: Date): Promise<void> {
    await this.db
      .updateTable("previews")
      .set({ reminder_owed_at: at })
      .where("user_id", "=", userId)
      .execute();
  }
}
