import { PlansReply } from "@tubedigest/contracts/plans";
import type { ServiceApp } from "@tubedigest/http";
import type { BillingContext } from "../domain/billing-context.ts";
import {
  CHANNEL_COUNT_TIERS,
  DEFAULT_ALLOWANCE,
  DEFAULT_PLAN,
  formatPrice,
  LEGACY_SETTINGS_LABELS,
  OFFERED_PLANS,
  PLANS,
  RECOMMENDED_PLAN,
  SINGLE_SUMMARY_PRICING,
  TRIAL_DAYS,
} from "../plans/plans.ts";
import { errors } from "./schemas.ts";

/** `GET /api/plans`: every number the web app shows about money, so it keeps none of its own. */
export function registerPlanRoutes(app: ServiceApp, context: BillingContext): void {
  const plans: PlansReply = {
    plans: PLANS.map((plan) => ({
      ...plan,
      features: [...plan.features],
      price: plan.priceCents / 100,
      priceLabel: formatPrice(plan.priceCents),
    })),
    offeredPlans: [...OFFERED_PLANS],
    recommendedPlan: RECOMMENDED_PLAN,
    defaultPlan: DEFAULT_PLAN,
    defaultChannelAllowance: DEFAULT_ALLOWANCE,
    trialDays: TRIAL_DAYS,
    channelCountTiers: [...CHANNEL_COUNT_TIERS],
    singleVideo: { ...SINGLE_SUMMARY_PRICING },
    legacySettingsLabels: Object.entries(LEGACY_SETTINGS_LABELS).map(([plan, label]) => ({ plan, ...label })),
    testMode: context.testMode,
    stripePublishableKey: context.cards?.publishableKey ?? null,
  };
  app.get("/api/plans", { schema: { response: { 200: PlansReply, ...errors } } }, async () => plans);
}
