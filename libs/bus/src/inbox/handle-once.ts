import type { EventEnvelope, EventName } from "@tubedigest/contracts";
import type { Kysely, Transaction } from "kysely";
import type { BusTables } from "../bus-tables.ts";
import type { EventHandler, HandlerContext } from "../event-bus.ts";

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
 */
export function handleOnce<DB, Name extends EventName>(
  db: Kysely<DB>,
  handler: TransactionalHandler<Name, DB>,
): EventHandler<Name> {
  return async (event, context) => {
    await db.transaction().execute(async (trx) => {
      const inbox = trx as unknown as Kysely<BusTables>;
      const claimed = await inbox
        .insertInto("inbox")
        .values({ consumer: context.queue, event_id: event.id })
        .onConflict((conflict) => conflict.doNothing())
        .returning("event_id")
        .executeTakeFirst();
      if (!claimed) {
        context.log.info("event already handled; skipping the duplicate");
        return;
      }
      await handler(event, { ...context, trx });
    });
  };
}
