import { type AnyEvent, parseEvent } from "@tubedigest/contracts";
import type { Kysely, Transaction } from "kysely";
import type { BusTables } from "../bus-tables.ts";

/**
 * Records an event for publishing. Call it with the transaction that makes the state change the event
 * reports (a transaction is required for that reason): both commit or neither does, and the relay publishes the row after commit. Build the event
 * with `createEvent`; it is validated again here, so an invalid event fails the transaction. Several
 * events go in one statement.
 */
export async function writeToOutbox<DB>(trx: Transaction<DB>, ...events: readonly AnyEvent[]): Promise<void> {
  if (events.length === 0) return;
  for (const event of events) parseEvent(event);
  const db = trx as unknown as Kysely<BusTables>;
  await db
    .insertInto("outbox")
    .values(
      events.map((event) => ({ event_id: event.id, event_name: event.name, event: JSON.stringify(event) })),
    )
    .execute();
}
