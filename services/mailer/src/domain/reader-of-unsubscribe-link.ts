import { HttpError } from "@tubedigest/http/http-error";
import type { Kysely } from "kysely";
import type { MailerDatabase } from "../store/database.ts";
import { type Recipient, RecipientRepository } from "../store/recipient-repository.ts";
import type { MailerContext } from "./mailer-context.ts";
import { readUnsubscribeToken } from "./unsubscribe-token.ts";

/**
 * What a refused link's page says. A link stops working once the reader secures their account (someone
 * else may have copied it), so the way that always works comes first; the latest e-mail's link works too.
 */
export const INVALID_UNSUBSCRIBE_LINK =
  "This unsubscribe link is not valid. To stop the weekly digest, sign in and pause it in your settings, or use the unsubscribe link in your latest e-mail.";

/**
 * The reader an unsubscribe link acts for: the one its token names, while the token is of their links'
 * current generation (renewUnsubscribeLinks moves it on). A 400 for a token not ours or of an earlier
 * generation, a 404 for a reader the mailer does not know (a deleted account).
 */
export async function readerOfUnsubscribeLink(
  context: Pick<MailerContext, "unsubscribeKey">,
  db: Kysely<MailerDatabase>,
  token: string,
): Promise<Recipient> {
  const signed = readUnsubscribeToken(context.unsubscribeKey, token);
  if (!signed) throw new HttpError(400, INVALID_UNSUBSCRIBE_LINK);
  const reader = await new RecipientRepository(db).find(signed.userId);
  if (!reader) throw new HttpError(404, INVALID_UNSUBSCRIBE_LINK);
  if (reader.unsubscribe_generation !== signed.generation) throw new HttpError(400, INVALID_UNSUBSCRIBE_LINK);
  return reader;
}
