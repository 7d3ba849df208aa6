import { createEvent } from "@tubedigest/contracts";
import type { Transaction } from "kysely";
import type { MailerDatabase } from "../store/database.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";
import type { MailerContext } from "./mailer-context.ts";

/**
 * Stops (or restarts) the weekly digest's e-mail for a reader, in the caller's transaction, and tells the
 * services that send digests by event; a second time changes nothing and says nothing.
 */
export async function recordDigestSubscription(
  context: Pick<MailerContext, "recordEvent" | "now">,
  trx: Transaction<MailerDatabase>,
  input: { userId: string; subscribed: boolean; correlationId: string },
): Promise<void> {
  const now = context.now();
  if (!(await new RecipientRepository(trx).setUnsubscribed(input.userId, input.subscribed ? null : now)))
    return;
  const name = input.subscribed ? "digest.resubscribed" : "digest.unsubscribed";
  await context.recordEvent(
    trx,
    createEvent(
      name,
      { userId: input.userId, at: now.toISOString() },
      { correlationId: input.correlationId },
    ),
  );
}
