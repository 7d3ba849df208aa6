import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { EmailAddress } from "../email-address.ts";

/** A channel the visitor picked on the landing page before signing up, as the YouTube search showed it. */
export const SelectedChannel = Type.Object({
  youtubeId: Type.String({ minLength: 1 }),
  title: Type.String(),
  description: Type.String(),
  thumbnailUrl: Type.String(),
  subscriberCount: Type.Integer({ minimum: 0 }),
});
export type SelectedChannel = Static<typeof SelectedChannel>;

export const UserRegisteredData = Type.Object({
  userId: Type.String({ format: "uuid" }),
  email: EmailAddress,
  fullName: Type.Union([Type.String(), Type.Null()]),
  /** True for an account made from the landing page with an e-mail only (no password yet). */
  passwordless: Type.Boolean(),
  selectedChannels: Type.Array(SelectedChannel),
  /** The IANA zone the user's Monday 09:00 is in (added in version 1; absent means UTC). */
  timeZone: Type.Optional(Type.String({ maxLength: 64 })),
});
export type UserRegisteredData = Static<typeof UserRegisteredData>;

/** Emitted by auth when an account is created; mailer sends the welcome mail, billing starts the trial. */
export const userRegistered = defineEvent({
  name: "user.registered",
  version: 1,
  schema: UserRegisteredData,
  example: {
    userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d",
    email: "ada@example.com",
    fullName: "Ada Lovelace",
    passwordless: false,
    selectedChannels: [
      {
        youtubeId: "UCsXVk37bltHxD1rDPwtNM8Q",
        title: "Kurzgesagt – In a Nutshell",
        description: "Videos explaining things with optimistic nihilism.",
        thumbnailUrl: "https://yt3.ggpht.com/example=s88-c-k-c0x00ffffff-no-rj",
        subscriberCount: 24_000_000,
      },
    ],
  },
});
