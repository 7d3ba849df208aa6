import { type AnyEvent, parseEvent } from "@tubedigest/contracts";
import { afterCommit } from "@tubedigest/db";
import { type Kysely, sql, type Transaction } from "kysely";
import type { BusTables } from "../bus-tables.ts";
import { activeTraceCarrier } from "../trace-context.ts";
import { OUTBOX_CHANNEL, outboxWritten, THIS_PROCESS } from "./outbox-signal.ts";

/**
 * The one seam through which a service publishes: operations call it with the transaction that makes the
 * state change the event reports, so both commit or neither does. Each service names it once in its
 * context, over its own database's tables; `writeToOutbox` fits it, and a test may put a recorder of its
 * own behind it.
 */
export type RecordEvent<DB> = (trx: Transaction<DB>, event: AnyEvent) => Promise<void>;

/**
 * Records an event for publishing. Call it with the transaction that makes the state change the event
 * reports (a transaction is required for that reason): both commit or neither does, and the relay publishes the row after commit. Build the event
 * with `createEvent`; it is validated again here, so an invalid event fails the transaction. Several
 * events go in one statement.
 *
 * The relay need not wait for its next poll: once the transaction commits, this process's relay of the
 * schema is woken, and the transaction notifies Postgres listeners (relays of other processes) too.
 */
export async function writeToOutbox<DB>(trx: Transaction<DB>, ...events: readonly AnyEvent[]): Promise<void> {
  if (events.length === 0) return;
  for (const event of events) parseEvent(event);
  const db = trx as unknown as Kysely<BusTables>;
  // The writer's trace, for the relay's publish to continue; none while tracing is off.
  const carrier = activeTraceCarrier();
  const traceContext = Object.keys(carrier).length > 0 ? JSON.stringify(carrier) : null;
  let schema: string | undefined;
  // A transaction whose commit is not watched names no process: every relay takes its notification.
  const wakesHere = await afterCommit(trx, () => {
    if (schema !== undefined) outboxWritten(schema);
  });
  // The rows and the notification in one statement. A notification is sent for each row, but Postgres
  // delivers identical ones of a transaction once.
  const written = await db
    .insertInto("outbox")
    .values(
      events.map((event) => ({
        event_id: event.id,
        event_name: event.name,
        event: JSON.stringify(event),
        trace_context: traceContext,
      })),
    )
    .returning([
      sql<string>`current_schema()`.as("schema"),
      sql<void>`pg_notify(${OUTBOX_CHANNEL}, current_schema() || ' ' || ${wakesHere ? THIS_PROCESS : ""})`.as(
        "notified",
      ),
    ])
    .execute();
  schema = written[0]?.schema;
}
