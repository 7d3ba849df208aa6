import {
  PlanChangeQuote,
  SubscriptionChangeReply,
  SubscriptionReply,
} from "@tubedigest/contracts/subscription";
import { requireUserId, type ServiceApp } from "@tubedigest/http";
import type { BillingContext } from "../domain/billing-context.ts";
import { cancelSubscription } from "../domain/cancel-subscription.ts";
import { changePlan } from "../domain/change-plan.ts";
import { describeSubscription } from "../domain/describe-subscription.ts";
import { endTrialNow } from "../domain/end-trial-now.ts";
import { openBillingPortal } from "../domain/open-billing-portal.ts";
import type { PlanMoveDecision } from "../domain/plan-move.ts";
import { quotePlanChange } from "../domain/quote-plan-change.ts";
import { resumeSubscription } from "../domain/resume-subscription.ts";
import { planById } from "../plans/plans.ts";
import { ChangePlanBody, errors, PlanQuoteQuery, PortalReply } from "./schemas.ts";

/** What a plan change did, in words. */
function changedMessage({ subscription, plan, move }: PlanMoveDecision): string {
  switch (move) {
    case "down":
      return `Your plan moves to ${plan.name} at the end of this period.`;
    case "keep":
      return `You keep the ${planById(subscription.plan).name} plan.`;
    default:
      return `Your plan is now ${plan.name}.`;
  }
}

/**
 * The signed-in subscriber's own plan: what it is, moving to another (its quote first), cancelling and
 * resuming it, Stripe's portal for the card and invoices, and test mode's end of the free days.
 */
export function registerSubscriptionRoutes(app: ServiceApp, context: BillingContext): void {
  app.get(
    "/api/subscription",
    { schema: { response: { 200: SubscriptionReply, ...errors } } },
    async (request) => describeSubscription(context, requireUserId(request)),
  );

  app.get(
    "/api/subscription/plan-quote",
    { schema: { querystring: PlanQuoteQuery, response: { 200: PlanChangeQuote, ...errors } } },
    async (request) =>
      quotePlanChange(context, {
        userId: requireUserId(request),
        planName: request.query.plan,
        requestId: request.id,
      }),
  );

  app.post(
    "/api/subscription/plan",
    { schema: { body: ChangePlanBody, response: { 200: SubscriptionChangeReply, ...errors } } },
    async (request) => {
      const userId = requireUserId(request);
      const decision = await changePlan(context, {
        userId,
        planName: request.body.plan,
        quotedAt: request.body.quotedAt,
        requestId: request.id,
        correlationId: request.id,
      });
      return {
        message: changedMessage(decision),
        subscription: await describeSubscription(context, userId),
      };
    },
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
    "/api/subscription/resume",
    { schema: { response: { 200: SubscriptionChangeReply, ...errors } } },
    async (request) => {
      const userId = requireUserId(request);
      await resumeSubscription(context, { userId, correlationId: request.id });
      return {
        message: "Subscription resumed. It renews as before.",
        subscription: await describeSubscription(context, userId),
      };
    },
  );

  app.post(
    "/api/subscription/end-trial",
    { schema: { response: { 200: SubscriptionChangeReply, ...errors } } },
    async (request) => {
      const userId = requireUserId(request);
      await endTrialNow(context, { userId, correlationId: request.id });
      return {
        message: "Your free days have ended (test mode).",
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
