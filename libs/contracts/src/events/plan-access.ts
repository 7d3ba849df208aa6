import Type, { type Static } from "typebox";

/** The plans billing sells; a subscription is never stored under another name. */
export const PlanName = Type.Union([
  Type.Literal("solo"),
  Type.Literal("creator"),
  Type.Literal("premium"),
  Type.Literal("pro"),
]);
export type PlanName = Static<typeof PlanName>;

/**
 * What a user may do now, carried by every subscription and trial event so that the services that
 * enforce it (catalog's channel allowance) keep billing's numbers rather than a copy of the plan table.
 * `plan` is null when the user has no paid plan (trial or expired).
 */
export const PlanAccess = Type.Object({
  userId: Type.String({ format: "uuid" }),
  plan: Type.Union([PlanName, Type.Null()]),
  channelAllowance: Type.Integer({ minimum: 0 }),
  /**
   * Whether the plan includes a daily digest (the summariser keeps a reader's daily cadence only while it
   * does); absent from events sent before it was added (added in version 1).
   */
  dailyDigest: Type.Optional(Type.Boolean()),
});
export type PlanAccess = Static<typeof PlanAccess>;

export const planAccessExample = {
  userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d",
  plan: "creator",
  channelAllowance: 5,
  dailyDigest: true,
} as const satisfies PlanAccess;
