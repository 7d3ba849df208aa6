import type { Transaction } from "kysely";
import type { MailerDatabase } from "../store/database.ts";
import { MessageRepository } from "../store/message-repository.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";
import type { MailerContext } from "./mailer-context.ts";
import { unsubscribeToken, unsubscribeTokensOf } from "./unsubscribe-token.ts";

/**
 * Moves a reader's unsubscribe links to a new generation: every link signed before stops working, in
 * mail already sent and wherever it was copied. Messages still waiting are signed anew in the same
 * transaction, body and List-Unsubscribe alike, so what the reader gets next has a link that works; only
 * a message a dispatcher is sending at that moment goes out with the old one. A reader the mailer does
 * not know yet was sent no link, and has none to renew.
 */
export async function renewUnsubscribeLinks(
  context: Pick<MailerContext, "unsubscribeKey">,
  trx: Transaction<MailerDatabase>,
  userId: string,
): Promise<void> {
  const generation = await new RecipientRepository(trx).renewUnsubscribeGeneration(userId);
  if (generation === undefined) return;
  const current = unsubscribeToken(context.unsubscribeKey, userId, generation);
  const signAnew = (text: string) => text.replace(unsubscribeTokensOf(userId), current);
  const messages = new MessageRepository(trx);
  for (const message of await messages.lockPendingOf(userId)) {
    await messages.rewriteLocked(message.id, {
      html: signAnew(message.html),
      text: signAnew(message.text),
      headers: Object.fromEntries(
        Object.entries(message.headers).map(([name, value]) => [name, signAnew(value)]),
      ),
    });
  }
}
