import type { AnyEvent } from "@tubedigest/contracts";
import type { Transaction } from "kysely";
import type { BillingDatabase } from "../store/database.ts";

/** The one seam through which billing publishes: with the transaction that makes the change the event reports. */
export type RecordEvent = (trx: Transaction<BillingDatabase>, event: AnyEvent) => Promise<void>;
