/**
 * Who is signed in (`GET /api/auth/current-user`), as the gateway composes it from each owner's
 * `/internal/account-summary`: those replies and the composed one, declared once for the services that
 * answer them, the gateway that reads and answers, and the web app. Pure: TypeBox alone; the web app
 * imports its types only.
 */
import Type, { type Static } from "typebox";

/** An account as auth answers it: its sign-in answers, and its part of current-user. */
export const AccountReply = Type.Object({
  email: Type.String(),
  fullName: Type.Union([Type.String(), Type.Null()]),
});
export type AccountReply = Static<typeof AccountReply>;

/** Catalog's part of current-user: how many channels the user follows and how many the plan allows. */
export const CatalogAccountSummary = Type.Object({
  channelCount: Type.Integer({ minimum: 0 }),
  channelAllowance: Type.Integer({ minimum: 0 }),
});
export type CatalogAccountSummary = Static<typeof CatalogAccountSummary>;

/**
 * Billing's part of current-user: the subscription's status (active, trial, expired) and plan; and, for the
 * summariser when a reader chooses a daily digest, whether the plan in force includes one.
 */
export const BillingAccountSummary = Type.Object({
  subscriptionStatus: Type.String(),
  subscriptionPlan: Type.Union([Type.String(), Type.Null()]),
  dailyDigest: Type.Boolean(),
});
export type BillingAccountSummary = Static<typeof BillingAccountSummary>;

/** The signed-in user (docs/product.md#data-shapes): each owner's fields, at their defaults where it could not answer. */
export const CurrentUserReply = Type.Object({
  email: Type.String(),
  fullName: Type.Union([Type.String(), Type.Null()]),
  subscriptionStatus: Type.Union([Type.String(), Type.Null()]),
  subscriptionPlan: Type.Union([Type.String(), Type.Null()]),
  channelCount: Type.Integer(),
  /** How many channels the plan allows; null while catalog cannot say. */
  channelAllowance: Type.Union([Type.Integer(), Type.Null()]),
});
export type CurrentUserReply = Static<typeof CurrentUserReply>;
