import { type AccountSecuredData, createEvent } from "@tubedigest/contracts";
import type { Transaction } from "kysely";
import { ClaimRepository } from "../store/claim-repository.ts";
import type { AuthDatabase } from "../store/database.ts";
import { EmailChangeRepository } from "../store/email-change-repository.ts";
import type { AuthContext } from "./auth-context.ts";

/**
 * The owner took the account in hand (proved the address, set or changed the password): whatever
 * someone who held it before left for themselves stops working, in the transaction that made the change.
 * Auth ends the claims and every move to another address still waiting for its link; `account.secured`
 * has the mailer turn over the feed and unsubscribe links; the caller asks the gateway to end the
 * account's other sessions.
 */
export async function secureAccount(
  context: Pick<AuthContext, "recordEvent" | "now">,
  trx: Transaction<AuthDatabase>,
  input: AccountSecuredData & { correlationId: string },
): Promise<void> {
  const now = context.now();
  await new ClaimRepository(trx).consumeAllOf(input.userId, now);
  await new EmailChangeRepository(trx).endPendingOf(input.userId, now);
  await context.recordEvent(
    trx,
    createEvent(
      "account.secured",
      { userId: input.userId, how: input.how },
      { correlationId: input.correlationId },
    ),
  );
}
