import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";

export const DigestSubscriptionData = Type.Object({
  userId: Type.String({ format: "uuid" }),
  at: Type.String({ format: "date-time" }),
});
export type DigestSubscriptionData = Static<typeof DigestSubscriptionData>;

const example = { userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d", at: "2026-11-24T10:00:00.000Z" };

/** Emitted by mailer when a user unsubscribes from the digest (one click in an e-mail): send them none. */
export const digestUnsubscribed = defineEvent({
  name: "digest.unsubscribed",
  version: 1,
  schema: DigestSubscriptionData,
  example,
});

/** Emitted by mailer when a user who unsubscribed asks for the digest again. */
export const digestResubscribed = defineEvent({
  name: "digest.resubscribed",
  version: 1,
  schema: DigestSubscriptionData,
  example,
});
