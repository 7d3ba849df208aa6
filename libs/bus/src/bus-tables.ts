import type { ColumnType, Generated } from "kysely";

/** Events waiting to be published, written in the same transaction as the state change they report. */
export interface OutboxTable {
  id: Generated<string>;
  event_id: string;
  event_name: string;
  /** The whole envelope; inserted as JSON text, read back parsed. */
  event: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
  sent_at: Date | null;
  /** Failed publish attempts, with the last error, for operators. */
  attempts: Generated<number>;
  last_error: string | null;
  /** Set when the stored event no longer satisfies its contract: it is kept, never published. */
  failed_at: Date | null;
  /** The writer's trace context (`traceparent`, `tracestate`), which the relay's publish continues. */
  trace_context: ColumnType<Record<string, string> | null, string | null | undefined, never>;
}

/** Events a consumer (queue) has handled; the primary key makes a second delivery a no-op. */
export interface InboxTable {
  consumer: string;
  event_id: string;
  handled_at: Generated<Date>;
}

/** Accounts the service erased, by a hash of their id: later events about them are dropped. */
export interface ErasedAccountsTable {
  account_hash: string;
  erased_at: Generated<Date>;
}

/** The tables busMigrations creates in a service's schema. */
export interface BusTables {
  outbox: OutboxTable;
  inbox: InboxTable;
  erased_accounts: ErasedAccountsTable;
}
