import { handleOnce } from "@tubedigest/bus";
import type { MailerContext } from "../domain/mailer-context.ts";
import type { MailerDatabase } from "../store/database.ts";
import { PreviewRepository } from "../store/preview-repository.ts";

/** What the account's latest preview showed: the abandonment e-mail is written from it. */
export const recordPreview = (context: MailerContext) =>
  handleOnce<MailerDatabase, "preview.shown">(context.db, async (event, { trx }) => {
    const { userId, channelTitle, channelId, bullets, shownAt } = event.data;
    await new PreviewRepository(trx).record({
      userId,
      channelTitle,
      channelId: channelId ?? null,
      bullets,
      shownAt: new Date(shownAt),
    });
  });
