import type { Migrations } from "@tubedigest/db";
import * as createOutboxAndInbox from "./20261122T0230-create-outbox-and-inbox.ts";
import * as erasedAccounts from "./20261127T0900-erased-accounts.ts";
import * as outboxTraceContext from "./20261205T2200-outbox-trace-context.ts";

/**
 * The outbox and inbox tables, for every service that publishes or consumes events: spread them into
 * the service's own migrations (`{ ...busMigrations, ...migrations }`). Their names need not follow any
 * service's: `migrateToLatest` applies a migration named earlier than those already applied.
 */
export const busMigrations: Migrations = {
  "20261122T0230-bus-create-outbox-and-inbox": createOutboxAndInbox,
  "20261127T0900-bus-erased-accounts": erasedAccounts,
  "20261205T2200-bus-outbox-trace-context": outboxTraceContext,
};
