import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";

export const NewsletterSentData = Type.Object({
  newsletterId: Type.String({ format: "uuid" }),
  userId: Type.String({ format: "uuid" }),
  sentAt: Type.String({ format: "date-time" }),
});
export type NewsletterSentData = Static<typeof NewsletterSentData>;

/** Emitted by mailer when the SMTP server accepted a newsletter; its composer records `sentAt`. */
export const newsletterSent = defineEvent({
  name: "newsletter.sent",
  version: 1,
  schema: NewsletterSentData,
  example: {
    newsletterId: "5d0c2b8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e",
    userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d",
    sentAt: "2026-11-23T09:00:02.000Z",
  },
});
