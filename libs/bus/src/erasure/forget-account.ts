import { createHash } from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import type { BusTables } from "../bus-tables.ts";

/** What an erased account is remembered by: a one-way hash of its id, which names nobody. */
export function erasedAccountHash(userId: string): string {
  return createHash("sha256").update(`account:${userId}`).digest("hex");
}

/**
 * The bus's part of erasing an account from a service's schema, in the erasure's own transaction: the
 * account is remembered by a hash only (so `handleOnce` drops events about it that arrive later), and
 * every outbox row about it — sent ones kept for a week, and unsent ones, which would carry the person's
 * data to services that are erasing it too — is deleted.
 */
export async function forgetAccount<DB>(trx: Transaction<DB>, userId: string): Promise<void> {
  const db = trx as unknown as Kysely<BusTables>;
  await db
    .insertInto("erased_accounts")
    .values({ account_hash: erasedAccountHash(userId) })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  await db.deleteFrom("outbox").where(sql<string>`event -> 'data' ->> 'userId'`, "=", userId).execute();
}

/** Whether the service erased this account, as a column a statement on the service's schema can return. */
export function forgottenColumn(userId: string) {
  return sql<boolean>`exists (select 1 from erased_accounts where account_hash = ${erasedAccountHash(userId)})`.as(
    "forgotten",
  );
}

/** Whether the service erased this account: events about it are no longer acted on. */
export async function isForgotten<DB>(db: Kysely<DB>, userId: string): Promise<boolean> {
  const { forgotten } = await (db as unknown as Kysely<BusTables>)
    .selectNoFrom(forgottenColumn(userId))
    .executeTakeFirstOrThrow();
  return forgotten;
}
