import type { AnyEvent } from "@tubedigest/contracts";
import type { Transaction } from "kysely";
import type { SummariserDatabase } from "../store/database.ts";

/** The one seam through which the summariser publishes: with the transaction that makes the change the event reports. */
export type RecordEvent = (trx: Transaction<SummariserDatabase>, event: AnyEvent) => Promise<void>;
