import type { RecordEvent } from "@tubedigest/bus";
import type { Kysely } from "kysely";
import type { FollowedChannels } from "../adapters/catalog/followed-channels.ts";
import type { CardPayments } from "../adapters/stripe/card-payments.ts";
import type { BillingDatabase } from "../store/database.ts";

export interface BillingLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** What billing's operations work with, built once at start-up. */
export interface BillingContext {
  db: Kysely<BillingDatabase>;
  /** Stripe, or undefined when no key is configured: then only test mode can activate a plan. */
  cards: CardPayments | undefined;
  /** Subscriptions without payment (the checkout's skip button): on in development, off in production. */
  testMode: boolean;
  /** Where Stripe's customer portal sends people back to: the settings' Subscription tab. */
  portalReturnUrl: string;
  /** Catalog's count of a reader's channels, which a move to a lower plan must fit. */
  followedChannels: FollowedChannels;
  recordEvent: RecordEvent<BillingDatabase>;
  log: BillingLogger;
  now: () => Date;
  /** How long a request about an account billing has not heard of yet waits for auth's sign-up event. */
  newAccountWaitMs: number;
}
