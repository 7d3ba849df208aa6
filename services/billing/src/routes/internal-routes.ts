import { BillingAccountSummary } from "@tubedigest/contracts/current-user";
import { HoldQuoteReply, HoldReply } from "@tubedigest/contracts/single-summary-holds";
import { requireUserId, type ServiceApp } from "@tubedigest/http";
import type { BillingContext } from "../domain/billing-context.ts";
import { describeSubscription } from "../domain/describe-subscription.ts";
import { placeHold } from "../domain/place-hold.ts";
import { quoteSingleSummary } from "../domain/quote-single-summary.ts";
import { planNamed } from "../plans/plans.ts";
import type { Hold } from "../store/hold-repository.ts";
import { errors, HoldBody, HoldQuoteBody } from "./schemas.ts";

const toHoldReply = (hold: Hold): HoldReply => ({
  id: hold.id,
  videoId: hold.video_id,
  amountCents: hold.amount_cents,
  status: hold.status,
  testMode: hold.test_mode,
});

/** What other services ask billing from inside the network; the gateway routes none of it. */
export function registerInternalRoutes(app: ServiceApp, context: BillingContext): void {
  // The gateway composes /api/auth/current-user from it (subscriptionStatus, subscriptionPlan).
  app.get(
    "/internal/account-summary",
    { schema: { response: { 200: BillingAccountSummary, ...errors } } },
    async (request) => {
      const subscription = await describeSubscription(context, requireUserId(request));
      return {
        subscriptionStatus: subscription.status,
        subscriptionPlan: subscription.plan,
        dailyDigest: subscription.plan !== null && planNamed(subscription.plan)?.dailyDigest === true,
      };
    },
  );

  // A single summary's price, shown to the subscriber before they buy; nothing is held.
  app.post(
    "/internal/holds/quote",
    { schema: { body: HoldQuoteBody, response: { 200: HoldQuoteReply, ...errors } } },
    async (request) => quoteSingleSummary(context, { userId: requireUserId(request), ...request.body }),
  );

  // A single summary's charge, asked for by the summariser once the subscriber confirmed the price.
  app.post(
    "/internal/holds",
    { schema: { body: HoldBody, response: { 200: HoldReply, ...errors } } },
    async (request) =>
      toHoldReply(await placeHold(context, { userId: requireUserId(request), ...request.body })),
  );
}
