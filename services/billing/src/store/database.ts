import type { BusTables } from "@tubedigest/bus";
import type { PlanName } from "@tubedigest/contracts";
import type { Generated } from "kysely";

export interface AccountsTable {
  user_id: string;
  email: string;
  trial_ends_at: Date;
  trial_ended_at: Date | null;
  /** When `trial.ending` was written (two days before the end); null before, or when it never was. */
  trial_ending_noticed_at: Date | null;
  stripe_customer_id: string | null;
  created_at: Date;
}

/** `active` includes a renewal Stripe is still retrying (past due); `ended` keeps the row for history. */
export type SubscriptionStatus = "active" | "past_due" | "ended";
export type EndReason = "cancelled" | "payment-failed";

export interface SubscriptionsTable {
  user_id: string;
  plan: PlanName;
  status: SubscriptionStatus;
  test_mode: boolean;
  stripe_subscription_id: string | null;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  default_payment_method: string | null;
  end_reason: EndReason | null;
  activated_at: Date;
  updated_at: Date;
}

export type CheckoutKind = "new" | "switch";

export interface CheckoutsTable {
  payment_intent_id: string;
  user_id: string;
  plan: PlanName;
  kind: CheckoutKind;
  stripe_subscription_id: string;
  amount_cents: number;
  client_secret: string;
  created_at: Date;
  completed_at: Date | null;
}

export interface StripeEventsTable {
  event_id: string;
  type: string;
  received_at: Date;
}

export type HoldStatus = "held" | "captured" | "released";

export interface HoldsTable {
  id: string;
  user_id: string;
  hold_key: string;
  video_id: string;
  amount_cents: number;
  status: HoldStatus;
  test_mode: boolean;
  payment_intent_id: string | null;
  created_at: Date;
  settled_at: Date | null;
}

/** A card payment kept after its account was deleted: nothing in it names the person. */
export interface RetainedPaymentsTable {
  id: Generated<string>;
  /** A plan's first payment or a switch's (`subscription`), or a single video's charge. */
  kind: "subscription" | "single-video";
  stripe_payment_intent_id: string;
  amount_cents: number;
  paid_at: Date;
  retained_at: Generated<Date>;
}

export interface BillingDatabase extends BusTables {
  accounts: AccountsTable;
  subscriptions: SubscriptionsTable;
  checkouts: CheckoutsTable;
  stripe_events: StripeEventsTable;
  holds: HoldsTable;
  retained_payments: RetainedPaymentsTable;
}
