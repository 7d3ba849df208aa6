import { addCounter, addHistogram, type ServiceApp } from "@tubedigest/http";
import type { StripeCallObserver } from "../adapters/stripe/stripe-calls.ts";

/** Billing's calls to Stripe on its `/metrics`: each try, Stripe's answers by status, and how long they took. */
export function stripeMetrics(app: ServiceApp): StripeCallObserver {
  const tries = addCounter(app, {
    name: "billing_stripe_requests_total",
    help: "Tries of calls to Stripe's API (the SDK's retries included), by method and resource",
    labelNames: ["method", "resource"],
  });
  const answers = addCounter(app, {
    name: "billing_stripe_responses_total",
    help: "Stripe's answers the SDK kept (successes and refusals it does not retry), by method, resource and status; tries minus these failed or were retried",
    labelNames: ["method", "resource", "status"],
  });
  const took = addHistogram(app, {
    name: "billing_stripe_response_seconds",
    help: "How long Stripe took to answer, by resource",
    labelNames: ["resource"],
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
  });
  return {
    started: ({ method, resource }) => tries.inc({ method, resource }),
    answered({ method, resource, status, seconds }) {
      answers.inc({ method, resource, status: String(status) });
      took.observe({ resource }, seconds);
    },
  };
}
