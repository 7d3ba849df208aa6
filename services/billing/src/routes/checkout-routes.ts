import { SubscriptionChangeReply } from "@tubedigest/contracts/subscription";
import { HttpError, optionalClaimHolder, optionalUserId, type ServiceApp } from "@tubedigest/http";
import type { FastifyRequest } from "fastify";
import { activateCardSubscription } from "../domain/activate-card-subscription.ts";
import { activateTestSubscription } from "../domain/activate-test-subscription.ts";
import type { BillingContext } from "../domain/billing-context.ts";
import { createCheckout } from "../domain/create-checkout.ts";
import { describeSubscription } from "../domain/describe-subscription.ts";
import { findAccount, type Who } from "../domain/find-account.ts";
import { messages } from "../domain/messages.ts";
import {
  CreatePaymentIntentBody,
  CreatePaymentIntentReply,
  errors,
  SubscribeBody,
  SubscribeWithCouponBody,
} from "./schemas.ts";

/**
 * The checkout's calls (docs/product.md#checkout). A visitor who is not signed in may make them too, for the
 * one account their browser made on the landing page and holds the live claim on (the gateway vouches for the
 * claim); the e-mail the page kept must then be that account's.
 */
const whoAsks = (request: FastifyRequest, email: string | undefined): Who => ({
  userId: optionalUserId(request),
  claimHolder: optionalClaimHolder(request),
  email,
});

export function registerCheckoutRoutes(app: ServiceApp, context: BillingContext): void {
  app.post(
    "/api/create-payment-intent",
    { schema: { body: CreatePaymentIntentBody, response: { 200: CreatePaymentIntentReply, ...errors } } },
    async (request) => {
      return createCheckout(context, {
        holder: await findAccount(context, whoAsks(request, request.body.email)),
        planName: request.body.plan,
        amountCents: request.body.amount,
      });
    },
  );

  app.post(
    "/api/subscribe",
    { schema: { body: SubscribeBody, response: { 200: SubscriptionChangeReply, ...errors } } },
    async (request) => {
      const { paymentIntentId, setupIntentId, email } = request.body;
      const intentId = paymentIntentId ?? setupIntentId;
      // The funnel's shape (plan and channels, nothing confirmed) cannot activate anything.
      if (intentId === undefined || (paymentIntentId && setupIntentId)) {
        throw new HttpError(400, messages.useCheckout);
      }
      const { account } = await findAccount(context, whoAsks(request, email));
      await activateCardSubscription(context, { account, intentId, correlationId: request.id });
      return {
        message: "Subscription activated",
        subscription: await describeSubscription(context, account.user_id),
      };
    },
  );

  app.post(
    "/api/subscribe-with-coupon",
    { schema: { body: SubscribeWithCouponBody, response: { 200: SubscriptionChangeReply, ...errors } } },
    async (request) => {
      const userId = await activateTestSubscription(context, {
        who: whoAsks(request, request.body.email),
        planName: request.body.plan,
        correlationId: request.id,
      });
      return {
        message: "Subscription activated in test mode",
        subscription: await describeSubscription(context, userId),
      };
    },
  );
}
