import { SubscriptionChangeReply, SubscriptionReply } from "@tubedigest/contracts/subscription";
import { requireUserId, type ServiceApp } from "@tubedigest/http";
import type { BillingContext } from "../domain/billing-context.ts";
import { cancelSubscription } from "../domain/cancel-subscription.ts";
import { describeSubscription } from "../domain/describe-subscription.ts";
import { openBillingPortal } from "../domain/open-billing-portal.ts";
import { errors, PortalReply } from "./schemas.ts";

/** The signed-in subscriber's own plan: what it is, cancelling it, and Stripe's portal for the card. */
export function registerSubscriptionRoutes(app: ServiceApp, context: BillingContext): void {
  app.get(
    "/api/subscription",
    { schema: { response: { 200: SubscriptionReply, ...errors } } },
    async (request) => describeSubscription(context, requireUserId(request)),
  );

  app.post(
    "/api/subscription/cancel",
    { schema: { response: { 200: SubscriptionChangeReply, ...errors } } },
    async (request) => {
      const userId = requireUserId(request);
      await cancelSubscription(context, { userId, correlationId: request.id });
      return {
        message: "Subscription cancelled. Access continues until the billing period ends.",
        subscription: await describeSubscription(context, userId),
      };
    },
  );

  app.post(
    "/api/billing-portal",
    { schema: { response: { 200: PortalReply, ...errors } } },
    async (request) => ({ url: await openBillingPortal(context, requireUserId(request)) }),
  );
}
