import type { PlanName } from "@tubedigest/contracts";
import type { Plan } from "../../plans/plans.ts";

/** A subscription as the card provider holds it, re-read whenever something may have changed. */
export interface RemoteSubscription {
  id: string;
  customerId: string;
  /** The provider's own status: `incomplete`, `trialing`, `active`, `past_due`, `canceled`, `unpaid`… */
  status: string;
  /** The plan its price belongs to; undefined for a price this product never sold. */
  plan: PlanName | undefined;
  /**
   * The higher plan the current period was paid for, while a move down to `plan` waits for its end (the
   * provider already bills `plan` next); undefined otherwise.
   */
  paidPlan: PlanName | undefined;
  /** The end of the current period: of the trial while it runs, the next charge either way. */
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** The card saved at checkout, for off-session charges. */
  defaultPaymentMethod: string | null;
  /** Why it ended, when it did because payments failed. */
  endedForNonPayment: boolean;
}

/**
 * What the browser confirms with the client secret: a payment charged now, or (a plan chosen during the
 * trial) a setup intent that saves the card and charges nothing.
 */
export interface PendingConfirmation {
  kind: "payment" | "setup";
  /** The payment intent's or the setup intent's id. */
  intentId: string;
  clientSecret: string;
  /** Charged once confirmed: 0 for a setup intent. */
  amountCents: number;
}

/** A payment the provider took at once on the saved card. */
export interface TakenPayment {
  paymentIntentId: string;
  amountCents: number;
}

export interface PaymentState {
  status: string;
  amountCents: number;
  customerId: string | null;
}

export interface SetupState {
  status: string;
  customerId: string | null;
}

/**
 * How a move to another plan is billed: its prorated difference now (a move up); the new price from the
 * next period, the plan paid for kept until then (a move down); or nothing, at once (during the trial).
 */
export type PlanChangeBilling = "prorated-now" | "from-next-period" | "trial";

/** A verified webhook, reduced to what billing acts on. */
export interface CardEvent {
  id: string;
  type: string;
  /** The subscription the event concerns, when it names one directly or through its invoice. */
  subscriptionId: string | undefined;
  /** The payment intent the event concerns, for a payment the browser never reported back. */
  paymentIntentId: string | undefined;
  /** For an invoice's event: what it asks, and when the provider tries the card again (null: never). */
  invoice: { amountDueCents: number; nextAttemptAt: Date | null } | undefined;
}

/** The card was refused; the message is the provider's, meant for the customer. */
export class CardDeclinedError extends Error {
  override name = "CardDeclinedError";
}

/** The webhook's signature does not hold for its body, or is older than the tolerance. */
export class BadSignatureError extends Error {
  override name = "BadSignatureError";
}

/**
 * Card payments as billing needs them. Stripe is the implementation; without a key there is none and
 * the product offers test mode only.
 */
export interface CardPayments {
  readonly publishableKey: string | undefined;
  /** The customer for a user, made once: a retried call finds the same one. */
  createCustomer(input: { userId: string; email: string }): Promise<string>;
  /**
   * A monthly subscription waiting for its first payment, or with `trialEnd` for the card to be saved:
   * its trial then runs until that moment, when the first month is charged (without a card it ends then).
   * `key` names the checkout it is for: asked again with it (a retry, or two requests at once), the
   * provider answers the same subscription.
   */
  startSubscription(input: {
    userId: string;
    customerId: string;
    plan: Plan;
    key: string;
    trialEnd: Date | null;
  }): Promise<{ subscriptionId: string; confirmation: PendingConfirmation }>;
  /** What the provider charges today for moving a subscription to `plan` as of `at`, prorated. */
  previewPlanChange(input: {
    customerId: string;
    subscriptionId: string;
    plan: Plan;
    at: Date;
  }): Promise<number>;
  /**
   * Moves a subscription to another plan (see PlanChangeBilling): `prorated-now` charges the difference
   * for the rest of the period as of `at` on the saved card, or changes nothing and throws
   * CardDeclinedError. The same `key` answers the same change, so a retry charges once.
   */
  changePlan(input: {
    subscriptionId: string;
    plan: Plan;
    billing: PlanChangeBilling;
    at: Date;
    key: string;
  }): Promise<{ subscription: RemoteSubscription; payment: TakenPayment | null }>;
  /** Drops a subscription whose first payment never came, once another checkout replaced it. */
  abandonSubscription(subscriptionId: string): Promise<void>;
  subscription(subscriptionId: string): Promise<RemoteSubscription>;
  payment(paymentIntentId: string): Promise<PaymentState>;
  setupIntent(setupIntentId: string): Promise<SetupState>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<RemoteSubscription>;
  /** Undoes `cancelAtPeriodEnd` before the period ended: the subscription renews again. */
  resume(subscriptionId: string): Promise<RemoteSubscription>;
  /** Ends a subscription now, with no more charges (its account is deleted); one already ended is left as it is. */
  cancelNow(subscriptionId: string): Promise<void>;
  /**
   * Deletes the customer: its saved cards go and nothing more can be charged to it; the invoices it was
   * sent stay with the provider. One already deleted is left as it is.
   */
  deleteCustomer(customerId: string): Promise<void>;
  /** The address the provider's receipts and invoices go to; a deleted customer is left as it is. */
  updateCustomerEmail(customerId: string, email: string): Promise<void>;
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** Reserves an amount on a saved card without taking it; throws CardDeclinedError. */
  hold(input: {
    customerId: string;
    paymentMethod: string;
    amountCents: number;
    key: string;
    description: string;
  }): Promise<string>;
  capture(paymentIntentId: string): Promise<void>;
  release(paymentIntentId: string): Promise<void>;
  /** Checks a webhook's signature over its exact bytes; throws BadSignatureError. */
  verifyEvent(rawBody: Buffer, signature: string): CardEvent;
}
