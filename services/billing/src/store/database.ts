import type { BusTables } from "@tubedigest/bus";
import type { PlanName } from "@tubedigest/contracts";
import type { Generated } from "kysely";

export interface AccountsTable {
  user_id: string;
  email: string;
  trial_ends_at: Date;
  trial_ended_at: Date | null;
  /** When `trial.ending` was written (three days before the end); null before, or when it never was. */
  trial_ending_noticed_at: Date | null;
  stripe_customer_id: string | null;
  created_at: Date;
}

/**
 * `trialing`: a plan chosen during the free days, its card saved, first charged when they end; `past_due`:
 * a charge Stripe is still retrying (access goes on); `ended` keeps the row for history.
 */
export type SubscriptionStatus = "trialing" | "active" | "past_due" | "ended";
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
  /** A lower plan the subscription moves to at `current_period_end`; `plan` is the one paid for until then. */
  scheduled_plan: PlanName | null;
  activated_at: Date;
  updated_at: Date;
}

/**
 * `new`: a first subscription paid at once; `trial`: one chosen during the free days, a setup intent
 * saving its card; `switch`: a move up's prorated payment, taken at once on the saved card.
 */
export type CheckoutKind = "new" | "trial" | "switch";

export interface CheckoutsTable {
  /** The payment intent, or for a `trial` the setup intent, the browser confirms. */
  intent_id: string;
  user_id: string;
  plan: PlanName;
  kind: CheckoutKind;
  stripe_subscription_id: string;
  /** Charged: 0 for a trial. */
  amount_cents: number;
  /** What the browser confirms with; null for a move up's payment, taken on the saved card. */
  client_secret: string | null;
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
  /** A plan's first payment or a switch's (`subscription`), or a single summary's charge (`single-video`). */
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
