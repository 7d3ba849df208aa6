import { setTimeout as sleep } from "node:timers/promises";
import {
  BadSignatureError,
  CardDeclinedError,
  type CardEvent,
  type CardPayments,
  type PaymentState,
  type PendingPayment,
  type RemoteSubscription,
} from "../../src/adapters/stripe/card-payments.ts";
import { PLANS, type Plan } from "../../src/plans/plans.ts";

/** The only signature the in-memory provider's webhooks carry; anything else is refused as Stripe's would be. */
export const IN_MEMORY_SIGNATURE = "in-memory-signed";

const DAY_MS = 24 * 60 * 60 * 1000;

interface Subscription extends RemoteSubscription {
  /** The plan a paid switch moves to once its payment succeeds. */
  pendingPlan?: Plan["id"] | undefined;
}

interface Payment extends PaymentState {
  id: string;
  /** What the payment is for: a subscription's first invoice, a plan switch's, or a hold on the card. */
  purpose: "subscription" | "switch" | "hold";
  subscriptionId?: string | undefined;
  description?: string | undefined;
}

/** How the next calls fail: the card refused, the provider down, or slow to answer. */
export type Failure = { kind: "declined" } | { kind: "outage" } | { kind: "slow"; delayMs: number };

/**
 * Card payments held in memory, for billing's domain tests: what Stripe would do for each call,
 * scenario steps for what happens at Stripe without billing asking (a card confirmed or declined in the
 * browser, a renewal, a period ending), and failures on demand. Webhooks are kept until the test
 * delivers them; `verifyEvent` accepts only `IN_MEMORY_SIGNATURE` over a body it sent.
 */
export class InMemoryCardPayments implements CardPayments {
  readonly publishableKey = "pk_test_in_memory";
  readonly customers = new Map<string, { id: string; email: string; userId: string; deleted: boolean }>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly payments = new Map<string, Payment>();
  /** Every call billing made, by name, in order. */
  readonly calls: string[] = [];
  /** Webhooks not delivered yet. */
  readonly pending: CardEvent[] = [];
  private readonly answered = new Map<string, Promise<unknown>>();
  private failures: { failure: Failure; calls: string[] | "any"; times: number }[] = [];
  private sequence = 0;
  private now = () => new Date();

  constructor(options: { now?: () => Date } = {}) {
    if (options.now) this.now = options.now;
  }

  /** The next `times` calls (to any of `calls`, or to any call) fail this way. */
  fail(failure: Failure, options: { calls?: string[]; times?: number } = {}): void {
    this.failures.push({ failure, calls: options.calls ?? "any", times: options.times ?? 1 });
  }

  heal(): void {
    this.failures = [];
  }

  private id(prefix: string) {
    this.sequence += 1;
    return `${prefix}_mem${this.sequence}`;
  }

  private emit(type: string, about: { subscriptionId?: string; paymentIntentId?: string }) {
    this.pending.push({
      id: this.id("evt"),
      type,
      subscriptionId: about.subscriptionId,
      paymentIntentId: about.paymentIntentId,
    });
  }

  /** Runs one call: its failure if one is due, and once per idempotency key as Stripe answers a retry. */
  private async call<T>(name: string, key: string | undefined, run: () => T): Promise<T> {
    this.calls.push(name);
    const due = this.failures.find((entry) => entry.calls === "any" || entry.calls.includes(name));
    if (due) {
      due.times -= 1;
      if (due.times <= 0) this.failures.splice(this.failures.indexOf(due), 1);
      if (due.failure.kind === "slow") await sleep(due.failure.delayMs);
      else if (due.failure.kind === "declined") throw new CardDeclinedError("Your card was declined.");
      else throw new Error(`card provider unavailable during ${name}`);
    }
    if (key === undefined) return run();
    const seen = this.answered.get(`${name}:${key}`);
    if (seen) return seen as Promise<T>;
    const answer = Promise.resolve().then(run);
    this.answered.set(`${name}:${key}`, answer);
    return answer;
  }

  private subscriptionOrThrow(subscriptionId: string): Subscription {
    const found = this.subscriptions.get(subscriptionId);
    if (!found) throw new Error(`No such subscription: '${subscriptionId}'`);
    return found;
  }

  private paymentOrThrow(paymentIntentId: string): Payment {
    const found = this.payments.get(paymentIntentId);
    if (!found) throw new Error(`No such payment_intent: '${paymentIntentId}'`);
    return found;
  }

  private pay(purpose: Payment["purpose"], amountCents: number, customerId: string, extra: Partial<Payment>) {
    const payment: Payment = {
      id: this.id("pi"),
      status: "requires_payment_method",
      amountCents,
      customerId,
      purpose,
      ...extra,
    };
    this.payments.set(payment.id, payment);
    return payment;
  }

  private pendingOf(payment: Payment): PendingPayment {
    return {
      paymentIntentId: payment.id,
      clientSecret: `${payment.id}_secret_mem`,
      amountCents: payment.amountCents,
    };
  }

  private snapshot(subscription: Subscription): RemoteSubscription {
    const { pendingPlan: _pending, ...remote } = subscription;
    return { ...remote, currentPeriodEnd: new Date(remote.currentPeriodEnd) };
  }

  createCustomer({ userId, email }: { userId: string; email: string }) {
    return this.call("createCustomer", userId, () => {
      const id = this.id("cus");
      this.customers.set(id, { id, email, userId, deleted: false });
      return id;
    });
  }

  startSubscription(input: { userId: string; customerId: string; plan: Plan; key: string }) {
    return this.call("startSubscription", input.key, () => {
      const id = this.id("sub");
      const payment = this.pay("subscription", input.plan.priceCents, input.customerId, {
        subscriptionId: id,
      });
      this.subscriptions.set(id, {
        id,
        customerId: input.customerId,
        status: "incomplete",
        plan: input.plan.id,
        currentPeriodEnd: new Date(this.now().getTime() + 30 * DAY_MS),
        cancelAtPeriodEnd: false,
        defaultPaymentMethod: null,
        endedForNonPayment: false,
      });
      this.emit("customer.subscription.created", { subscriptionId: id });
      return { subscriptionId: id, payment: this.pendingOf(payment) };
    });
  }

  switchPlan(input: { subscriptionId: string; plan: Plan; key: string }) {
    return this.call("switchPlan", input.key, () => {
      const subscription = this.subscriptionOrThrow(input.subscriptionId);
      const current = PLANS.find((plan) => plan.id === subscription.plan);
      const owed = input.plan.priceCents - (current?.priceCents ?? 0);
      if (owed <= 0) {
        subscription.plan = input.plan.id;
        this.emit("customer.subscription.updated", { subscriptionId: subscription.id });
        return null;
      }
      // Like `pending_if_incomplete`: the plan changes only once the prorated invoice is paid.
      subscription.pendingPlan = input.plan.id;
      const payment = this.pay("switch", owed, subscription.customerId, { subscriptionId: subscription.id });
      return this.pendingOf(payment);
    });
  }

  abandonSubscription(subscriptionId: string) {
    return this.call("abandonSubscription", subscriptionId, () => {
      const subscription = this.subscriptionOrThrow(subscriptionId);
      subscription.status = "canceled";
      this.emit("customer.subscription.deleted", { subscriptionId });
    });
  }

  subscription(subscriptionId: string) {
    return this.call("subscription", undefined, () =>
      this.snapshot(this.subscriptionOrThrow(subscriptionId)),
    );
  }

  payment(paymentIntentId: string) {
    return this.call("payment", undefined, () => {
      const { status, amountCents, customerId } = this.paymentOrThrow(paymentIntentId);
      return { status, amountCents, customerId };
    });
  }

  cancelAtPeriodEnd(subscriptionId: string) {
    return this.call("cancelAtPeriodEnd", undefined, () => {
      const subscription = this.subscriptionOrThrow(subscriptionId);
      subscription.cancelAtPeriodEnd = true;
      this.emit("customer.subscription.updated", { subscriptionId });
      return this.snapshot(subscription);
    });
  }

  cancelNow(subscriptionId: string) {
    return this.call("cancelNow", subscriptionId, () => {
      const subscription = this.subscriptions.get(subscriptionId);
      if (!subscription || subscription.status === "canceled") return;
      subscription.status = "canceled";
      this.emit("customer.subscription.deleted", { subscriptionId });
    });
  }

  deleteCustomer(customerId: string) {
    return this.call("deleteCustomer", undefined, () => {
      const customer = this.customers.get(customerId);
      if (customer) customer.deleted = true;
    });
  }

  updateCustomerEmail(customerId: string, email: string) {
    return this.call("updateCustomerEmail", undefined, () => {
      const customer = this.customers.get(customerId);
      if (customer && !customer.deleted) customer.email = email;
    });
  }

  portalUrl(customerId: string, returnUrl: string) {
    return this.call(
      "portalUrl",
      undefined,
      () => `https://billing.example.test/p/${customerId}?return=${encodeURIComponent(returnUrl)}`,
    );
  }

  hold(input: Parameters<CardPayments["hold"]>[0]) {
    return this.call("hold", input.key, () => {
      if (this.customers.get(input.customerId)?.deleted !== false) {
        throw new CardDeclinedError("This customer has no saved card.");
      }
      const payment = this.pay("hold", input.amountCents, input.customerId, {
        description: input.description,
      });
      payment.status = "requires_capture";
      return payment.id;
    });
  }

  capture(paymentIntentId: string) {
    return this.call("capture", paymentIntentId, () => {
      const payment = this.paymentOrThrow(paymentIntentId);
      if (payment.status !== "requires_capture")
        throw new Error(`Cannot capture a ${payment.status} payment`);
      payment.status = "succeeded";
    });
  }

  release(paymentIntentId: string) {
    return this.call("release", paymentIntentId, () => {
      const payment = this.paymentOrThrow(paymentIntentId);
      if (payment.status !== "requires_capture") throw new Error(`Cannot cancel a ${payment.status} payment`);
      payment.status = "canceled";
    });
  }

  verifyEvent(rawBody: Buffer, signature: string): CardEvent {
    this.calls.push("verifyEvent");
    if (signature !== IN_MEMORY_SIGNATURE)
      throw new BadSignatureError("No signatures found matching the payload");
    try {
      return JSON.parse(rawBody.toString("utf8")) as CardEvent;
    } catch {
      throw new BadSignatureError("The payload is not an event");
    }
  }

  // Scenario steps: what happens at the provider without billing asking.

  /** The browser confirms a payment: the card is charged, or refused. */
  confirm(paymentIntentId: string, outcome: "succeeds" | "declines"): void {
    const payment = this.paymentOrThrow(paymentIntentId);
    const subscription = payment.subscriptionId ? this.subscriptions.get(payment.subscriptionId) : undefined;
    if (outcome === "declines") {
      payment.status = "requires_payment_method";
      this.emit("payment_intent.payment_failed", { paymentIntentId });
      if (subscription) this.emit("invoice.payment_failed", { subscriptionId: subscription.id });
      return;
    }
    payment.status = "succeeded";
    if (subscription) {
      if (payment.purpose === "subscription") {
        subscription.status = "active";
        subscription.defaultPaymentMethod = this.id("pm");
      } else if (subscription.pendingPlan) {
        subscription.plan = subscription.pendingPlan;
        subscription.pendingPlan = undefined;
      }
      this.emit("invoice.paid", { subscriptionId: subscription.id });
      this.emit("customer.subscription.updated", { subscriptionId: subscription.id });
    }
    this.emit("payment_intent.succeeded", { paymentIntentId });
  }

  /** The period ends: a subscription set to cancel at its end is cancelled. */
  endPeriod(subscriptionId: string): void {
    const subscription = this.subscriptionOrThrow(subscriptionId);
    subscription.status = "canceled";
    this.emit("customer.subscription.deleted", { subscriptionId });
  }

  /** A renewal is collected, or its payment fails and the provider starts retrying. */
  renew(subscriptionId: string, outcome: "paid" | "failed"): void {
    const subscription = this.subscriptionOrThrow(subscriptionId);
    if (outcome === "paid") {
      subscription.status = "active";
      subscription.currentPeriodEnd = new Date(subscription.currentPeriodEnd.getTime() + 30 * DAY_MS);
      this.emit("invoice.paid", { subscriptionId });
    } else {
      subscription.status = "past_due";
      this.emit("invoice.payment_failed", { subscriptionId });
    }
  }

  /** The provider stops retrying a failed renewal: it cancels the subscription, or leaves it unpaid. */
  giveUp(subscriptionId: string, as: "canceled" | "unpaid" = "canceled"): void {
    const subscription = this.subscriptionOrThrow(subscriptionId);
    subscription.status = as;
    subscription.endedForNonPayment = true;
    this.emit(as === "canceled" ? "customer.subscription.deleted" : "customer.subscription.updated", {
      subscriptionId,
    });
  }

  subscriptionsOf(customerId: string): Subscription[] {
    return [...this.subscriptions.values()].filter((subscription) => subscription.customerId === customerId);
  }

  /** Takes the webhooks not delivered yet, oldest first. */
  takePending(): CardEvent[] {
    return this.pending.splice(0);
  }
}
