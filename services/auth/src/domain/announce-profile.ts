import { createEvent } from "@tubedigest/contracts";
import type { Transaction } from "kysely";
import type { AuthDatabase } from "../store/database.ts";
import type { User } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";

/**
 * Every service learns the account's whole profile (address, name, zone) from `user.updated`, written in
 * the transaction that changed it, so each read model simply takes it over.
 */
export async function announceProfile(
  context: Pick<AuthContext, "recordEvent">,
  trx: Transaction<AuthDatabase>,
  user: User,
  correlationId: string,
): Promise<void> {
  const data = {
    userId: user.id,
    email: user.email,
    fullName: user.full_name,
    timeZone: user.time_zone,
    summaryLanguage: user.summary_language,
  };
  await context.recordEvent(trx, createEvent("user.updated", data, { correlationId }));
}
