import { setTimeout as sleep } from "node:timers/promises";
import {
  BadSignatureError,
  CardDeclinedError,
  type CardEvent,
  type CardPayments,
  type PaymentState,
  type PendingConfirmation,
  type PlanChangeBilling,
  type RemoteSubscription,
  type SetupState,
} from "../../src/adapters/stripe/card-payments.ts";
import { type Plan, planById } from "../../src/plans/plans.ts";

/** The only signature the in-memory provider's webhooks carry; anything else is refused as Stripe's would be. */
export const IN_MEMORY_SIGNATURE = "in-memory-signed";

const DAY_MS = 24 * 60 * 60 * 1000;

type Subscription = RemoteSubscription;

interface Payment extends PaymentState {
  id: string;
  /** What the payment is for: a subscription's first invoice, a move up's, or a hold on the card. */
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
  /** A trial's setup intents, by id: the subscription whose card each saves. */
  readonly setups = new Map<string, SetupState & { subscriptionId: string }>();
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

  private emit(
    type: string,
    about: { subscriptionId?: string; paymentIntentId?: string; invoice?: CardEvent["invoice"] },
  ) {
    this.pending.push({
      id: this.id("evt"),
      type,
      subscriptionId: about.subscriptionId,
      paymentIntentId: about.paymentIntentId,
      invoice: about.invoice,
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

  private pendingOf(payment: Payment): PendingConfirmation {
    return {
      kind: "payment",
      intentId: payment.id,
      clientSecret: `${payment.id}_secret_mem`,
      amountCents: payment.amountCents,
    };
  }

  private snapshot(subscription: Subscription): RemoteSubscription {
    return { ...subscription, currentPeriodEnd: new Date(subscription.currentPeriodEnd) };
  }

  /** The difference between two plans' prices for the rest of a 30-day period as of `at`. */
  private proration(subscription: Subscription, plan: Plan, at: Date): number {
    const paid = planById(subscription.paidPlan ?? subscription.plan ?? plan.id);
    const remaining = Math.max(0, (subscription.currentPeriodEnd.getTime() - at.getTime()) / (30 * DAY_MS));
    return Math.round(plan.priceCents * remaining) - Math.round(paid.priceCents * remaining);
  }

  createCustomer({ userId, email }: { userId: string; email: string }) {
    return this.call("createCustomer", userId, () => {
      const id = this.id("cus");
      this.customers.set(id, { id, email, userId, deleted: false });
      return id;
    });
  }

  startSubscription(input: {
    userId: string;
    customerId: string;
    plan: Plan;
    key: string;
    trialEnd: Date | null;
  }) {
    return this.call("startSubscription", input.key, () => {
      const id = this.id("sub");
      this.subscriptions.set(id, {
        id,
        customerId: input.customerId,
        status: input.trialEnd ? "trialing" : "incomplete",
        plan: input.plan.id,
        paidPlan: undefined,
        currentPeriodEnd: input.trialEnd ?? new Date(this.now().getTime() + 30 * DAY_MS),
        cancelAtPeriodEnd: false,
        defaultPaymentMethod: null,
        endedForNonPayment: false,
      });
      this.emit("customer.subscription.created", { subscriptionId: id });
      if (input.trialEnd) {
        const setupId = this.id("seti");
        this.setups.set(setupId, {
          status: "requires_payment_method",
          customerId: input.customerId,
          subscriptionId: id,
        });
        const confirmation: PendingConfirmation = {
          kind: "setup",
          intentId: setupId,
          clientSecret: `${setupId}_secret_mem`,
          amountCents: 0,
        };
        return { subscriptionId: id, confirmation };
      }
      const payment = this.pay("subscription", input.plan.priceCents, input.customerId, {
        subscriptionId: id,
      });
      return { subscriptionId: id, confirmation: this.pendingOf(payment) };
    });
  }

  previewPlanChange(input: { customerId: string; subscriptionId: string; plan: Plan; at: Date }) {
    return this.call("previewPlanChange", undefined, () =>
      Math.max(0, this.proration(this.subscriptionOrThrow(input.subscriptionId), input.plan, input.at)),
    );
  }

  changePlan(input: {
    subscriptionId: string;
    plan: Plan;
    billing: PlanChangeBilling;
    at: Date;
    key: string;
  }) {
    return this.call("changePlan", input.key, () => {
      const subscription = this.subscriptionOrThrow(input.subscriptionId);
      let taken: { paymentIntentId: string; amountCents: number } | null = null;
      if (input.billing === "prorated-now") {
        const owed = this.proration(subscription, input.plan, input.at);
        const payment = this.pay("switch", owed, subscription.customerId, {
          subscriptionId: subscription.id,
        });
        payment.status = "succeeded";
        taken = { paymentIntentId: payment.id, amountCents: owed };
        this.emit("invoice.paid", { subscriptionId: subscription.id });
      }
      const paid = subscription.paidPlan ?? subscription.plan;
      subscription.paidPlan =
        input.billing === "from-next-period" && paid !== input.plan.id ? paid : undefined;
      subscription.plan = input.plan.id;
      this.emit("customer.subscription.updated", { subscriptionId: subscription.id });
      return { subscription: this.snapshot(subscription), payment: taken };
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

  setupIntent(setupIntentId: string) {
    return this.call("setupIntent", undefined, () => {
      const setup = this.setups.get(setupIntentId);
      if (!setup) throw new Error(`No such setup_intent: '${setupIntentId}'`);
      return { status: setup.status, customerId: setup.customerId };
    });
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

  resume(subscriptionId: string) {
    return this.call("resume", undefined, () => {
      const subscription = this.subscriptionOrThrow(subscriptionId);
      subscription.cancelAtPeriodEnd = false;
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
      const event = JSON.parse(rawBody.toString("utf8")) as CardEvent;
      // Sent as JSON: the date the provider's own adapter reads as one comes back a string.
      const nextAttemptAt = event.invoice?.nextAttemptAt;
      return event.invoice && nextAttemptAt
        ? { ...event, invoice: { ...event.invoice, nextAttemptAt: new Date(nextAttemptAt) } }
        : event;
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
      subscription.status = "active";
      subscription.defaultPaymentMethod = this.id("pm");
      this.emit("invoice.paid", { subscriptionId: subscription.id });
      this.emit("customer.subscription.updated", { subscriptionId: subscription.id });
    }
    this.emit("payment_intent.succeeded", { paymentIntentId });
  }

  /** The browser confirms a trial's setup intent: the card is saved as its subscription's default. */
  confirmSetup(setupIntentId: string): void {
    const setup = this.setups.get(setupIntentId);
    if (!setup) throw new Error(`No such setup_intent: '${setupIntentId}'`);
    setup.status = "succeeded";
    const subscription = this.subscriptionOrThrow(setup.subscriptionId);
    subscription.defaultPaymentMethod = this.id("pm");
    this.emit("customer.subscription.updated", { subscriptionId: subscription.id });
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
      const nextAttemptAt = new Date(subscription.currentPeriodEnd.getTime() + 3 * DAY_MS);
      const amountDueCents = planById(subscription.plan ?? "premium").priceCents;
      this.emit("invoice.payment_failed", { subscriptionId, invoice: { amountDueCents, nextAttemptAt } });
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
