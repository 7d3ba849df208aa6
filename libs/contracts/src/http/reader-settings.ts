/**
 * The reader's settings as the services answer them: the profile (auth, `GET`/`PUT /api/user/profile`), the
 * digest's pause (auth, `/api/user/deliveries`), its delivery time (the summariser,
 * `/api/user/delivery-time`) and whether e-mail goes out at all (the mailer, `/api/user/email-delivery`):
 * the reply schemas and the web app's types, declared once. Pure: TypeBox
 * alone; the web app imports its types only.
 */
import Type, { type Static } from "typebox";

/** The signed-in user's own profile (the settings screen): the account and the digest's time zone. */
export const ProfileReply = Type.Object({
  email: Type.String(),
  fullName: Type.Union([Type.String(), Type.Null()]),
  timeZone: Type.String(),
  /** The language summaries are written in for this user; null for each video's own. */
  summaryLanguage: Type.Union([Type.String(), Type.Null()]),
});
export type ProfileReply = Static<typeof ProfileReply>;

/** Whether the reader's weekly digest is paused, as the settings page shows it. */
export const DigestDeliveryReply = Type.Object({
  paused: Type.Boolean(),
  /** `YYYY-MM-DD`, the first day digests may come again, in the reader's zone; null while paused until resumed. */
  until: Type.Union([Type.String(), Type.Null()]),
  /** `YYYY-MM-DD`, the Monday whose digest is the first after the pause; null while paused until resumed. */
  resumesOn: Type.Union([Type.String(), Type.Null()]),
});
export type DigestDeliveryReply = Static<typeof DigestDeliveryReply>;

/** The reader's delivery time as the settings page shows it. */
export const DeliveryTimeReply = Type.Object({
  /** Weekly on the day and hour, or daily at the hour; weekly whenever the plan has no daily digest. */
  cadence: Type.Union([Type.Literal("weekly"), Type.Literal("daily")]),
  /** ISO day of the week: Monday 1 … Sunday 7. */
  weekday: Type.Integer({ minimum: 1, maximum: 7 }),
  hour: Type.Integer({ minimum: 0, maximum: 23 }),
  /** The zone the day and hour are in (the profile's). */
  timeZone: Type.String(),
  /** When the next digest is due (it goes out if anything is new by then). */
  nextDeliveryAt: Type.String({ format: "date-time" }),
});
export type DeliveryTimeReply = Static<typeof DeliveryTimeReply>;

/**
 * Whether the weekly digest is e-mailed at all: off once the reader used an e-mail's one-click unsubscribe
 * (which stops e-mail only: a plan goes on), until they turn it back on.
 */
export const EmailDeliveryReply = Type.Object({
  on: Type.Boolean(),
  /** When the reader unsubscribed; null while e-mail is on. */
  offSince: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
});
export type EmailDeliveryReply = Static<typeof EmailDeliveryReply>;
