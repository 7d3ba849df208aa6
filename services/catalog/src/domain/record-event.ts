import type { AnyEvent } from "@tubedigest/contracts";
import type { Transaction } from "kysely";
import type { CatalogDatabase } from "../store/database.ts";

/**
 * The one seam through which catalog publishes events. Operations call it with the transaction that
 * makes the state change the event reports, so both commit or neither does. The bus's
 * `writeToOutbox` has exactly this shape; app.ts decides what is behind it.
 */
export type RecordEvent = (trx: Transaction<CatalogDatabase>, event: AnyEvent) => Promise<void>;
