import type { AnyEvent } from "@tubedigest/contracts";
import type { Transaction } from "kysely";
import type { MailerDatabase } from "../store/database.ts";

/** The one seam through which the mailer publishes: with the transaction that makes the change the event reports. */
export type RecordEvent = (trx: Transaction<MailerDatabase>, event: AnyEvent) => Promise<void>;
