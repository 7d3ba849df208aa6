/**
 * The plans and prices billing answers (`GET /api/plans`): every number the web app shows about money,
 * billing's reply schema and the web app's type declared once. Pure: TypeBox alone; the web app imports
 * its types only.
 */
import Type, { type Static } from "typebox";

/** One plan. */
export const PlanReply = Type.Object({
  id: Type.String(),
  /** The tier's one display name: an earlier name of a tier (creator) is shown as the tier (Premium). */
  name: Type.String(),
  description: Type.String(),
  /** What the tier gives, one line each. */
  features: Type.Array(Type.String()),
  priceCents: Type.Integer(),
  /** The same price in dollars, for showing: 9.99. */
  price: Type.Number(),
  /** en-US with two decimals: "$9.99". */
  priceLabel: Type.String(),
  channelAllowance: Type.Integer(),
  /** Whether the tier's reader may have their digest every day instead of once a week. */
  dailyDigest: Type.Boolean(),
});
export type PlanReply = Static<typeof PlanReply>;

export const PlansReply = Type.Object({
  plans: Type.Array(PlanReply),
  /** The tiers a pricing table offers, in order (the others are earlier names of the same tiers). */
  offeredPlans: Type.Array(Type.String()),
  /** The tier a pricing table marks as recommended. */
  recommendedPlan: Type.String(),
  defaultPlan: Type.String(),
  defaultChannelAllowance: Type.Integer(),
  trialDays: Type.Integer(),
  /** The plan a number of channels needs, in order: the first tier whose bound holds (null: any number). */
  channelCountTiers: Type.Array(
    Type.Object({ upToChannels: Type.Union([Type.Integer(), Type.Null()]), plan: Type.String() }),
  ),
  singleVideo: Type.Object({
    shortUnderMinutes: Type.Integer(),
    shortPriceCents: Type.Integer(),
    longestMinutes: Type.Integer(),
    longPriceCents: Type.Integer(),
  }),
  /** Settings' labels for subscriptions stored under the earlier funnel's names. */
  legacySettingsLabels: Type.Array(
    Type.Object({ plan: Type.String(), label: Type.String(), perChannelCents: Type.Integer() }),
  ),
  testMode: Type.Boolean(),
  stripePublishableKey: Type.Union([Type.String(), Type.Null()]),
});
export type PlansReply = Static<typeof PlansReply>;
