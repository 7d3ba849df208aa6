import type { EventEnvelope, EventName } from "@tubedigest/contracts";
import { type Kysely, sql, type Transaction } from "kysely";
import type { BusTables } from "../bus-tables.ts";
import { forgottenColumn } from "../erasure/forget-account.ts";
import type { EventHandler, HandlerContext } from "../event-bus.ts";

/** The event that erases an account: the one event about it that is still acted on. */
const ERASURE: EventName = "user.deleted";

/** The account an event is about, when its data names one. */
function subjectOf(data: unknown): string | undefined {
  const userId =
    typeof data === "object" && data !== null ? (data as { userId?: unknown }).userId : undefined;
  return typeof userId === "string" ? userId : undefined;
}

/** A handler's context inside handleOnce: its writes go through `trx`, which also holds the inbox row. */
export interface TransactionalContext<DB> extends HandlerContext {
  trx: Transaction<DB>;
}

export type TransactionalHandler<Name extends EventName, DB> = (
  event: EventEnvelope<Name>,
  context: TransactionalContext<DB>,
) => Promise<void>;

/**
 * Makes a handler idempotent: it runs in one transaction with the insert of (queue, event id) into the
 * inbox, and an event already in the inbox is skipped. A redelivery (consumer died before its ack) or a
 * duplicate publish (relay died before marking the row sent) therefore has no second effect. The bus
 * acks only after this resolves, that is after commit.
 *
 * An event about an account this service has erased (`forgetAccount`), other than the erasure itself, is
 * recorded as handled and dropped: sent before the account was deleted and delivered after, it would
 * otherwise bring back rows the erasure removed.
 */
export function handleOnce<DB, Name extends EventName>(
  db: Kysely<DB>,
  handler: TransactionalHandler<Name, DB>,
): EventHandler<Name> {
  return async (event, context) => {
    await db.transaction().execute(async (trx) => {
      const inbox = trx as unknown as Kysely<BusTables>;
      const userId = event.name === ERASURE ? undefined : subjectOf(event.data);
      // One statement records the event and reads whether its account was erased: every consumed event
      // pays for it, the Monday digest's included.
      const recorded = await inbox
        .insertInto("inbox")
        .values({ consumer: context.queue, event_id: event.id })
        .onConflict((conflict) => conflict.doNothing())
        .returning(userId ? forgottenColumn(userId) : sql<boolean>`false`.as("forgotten"))
        .executeTakeFirst();
      if (!recorded) {
        context.log.info("event already handled; skipping the duplicate");
        context.reportDuplicate?.();
        return;
      }
      if (recorded.forgotten) {
        context.log.info("event about an erased account; dropped");
        return;
      }
      await handler(event, { ...context, trx });
    });
  };
}
