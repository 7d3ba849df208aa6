import type { PlanName } from "@tubedigest/contracts";
import type { Plan } from "../../plans/plans.ts";

/** A subscription as the card provider holds it, re-read whenever something may have changed. */
export interface RemoteSubscription {
  id: string;
  customerId: string;
  /** The provider's own status: `incomplete`, `active`, `past_due`, `canceled`, `unpaid`… */
  status: string;
  /** The plan its price belongs to; undefined for a price this product never sold. */
  plan: PlanName | undefined;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** The card saved at checkout, for off-session charges. */
  defaultPaymentMethod: string | null;
  /** Why it ended, when it did because payments failed. */
  endedForNonPayment: boolean;
}

/** A payment the browser confirms with the client secret. */
export interface PendingPayment {
  paymentIntentId: string;
  clientSecret: string;
  amountCents: number;
}

export interface PaymentState {
  status: string;
  amountCents: number;
  customerId: string | null;
}

/** A verified webhook, reduced to what billing acts on. */
export interface CardEvent {
  id: string;
  type: string;
  /** The subscription the event concerns, when it names one directly or through its invoice. */
  subscriptionId: string | undefined;
  /** The payment intent the event concerns, for a payment the browser never reported back. */
  paymentIntentId: string | undefined;
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
   * A monthly subscription waiting for its first payment. `key` names the checkout it is for: asked
   * again with it (a retry, or two requests at once), the provider answers the same subscription.
   */
  startSubscription(input: { userId: string; customerId: string; plan: Plan; key: string }): Promise<{
    subscriptionId: string;
    payment: PendingPayment;
  }>;
  /**
   * Moves a subscription to another plan, prorated; the payment is null when nothing is owed. The same
   * `key` answers the same switch, so a retry invoices once.
   */
  switchPlan(input: { subscriptionId: string; plan: Plan; key: string }): Promise<PendingPayment | null>;
  /** Drops a subscription whose first payment never came, once another checkout replaced it. */
  abandonSubscription(subscriptionId: string): Promise<void>;
  subscription(subscriptionId: string): Promise<RemoteSubscription>;
  payment(paymentIntentId: string): Promise<PaymentState>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<RemoteSubscription>;
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
