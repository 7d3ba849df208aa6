import type { UserRegisteredData } from "@tubedigest/contracts";
import { AccountReply } from "@tubedigest/contracts/current-user";
import type { ProfileReply } from "@tubedigest/contracts/reader-settings";
import { SUMMARY_LANGUAGES } from "@tubedigest/contracts/summary-language";
import { EmailAddress, INVALID_EMAIL, multiLineText, singleLineText } from "@tubedigest/http";
import Type, { type Static } from "typebox";
import { messages } from "../domain/messages.ts";
import type { User } from "../store/user-repository.ts";

/**
 * A zone name as the browser's `Intl` gives it. Only its type is checked here: whether it names a zone
 * is `checkTimeZone`'s question, whose answer echoes the name ("Unknown time zone: …").
 */
const TimeZoneName = Type.String({ errorMessage: { type: messages.timeZoneNotText } });

const passwordRequired = "Password is required";
export const passwordTooShort = "Password must be at least 8 characters";

/** A password someone chooses: at least 8 characters; argon2's cost grows with input, so at most 256. */
export const NewPassword = singleLineText("Password", {
  minLength: 8,
  maxLength: 256,
  messages: { type: passwordTooShort, minLength: passwordTooShort },
});

export const LoginBody = Type.Object(
  {
    email: EmailAddress,
    password: singleLineText("Password", {
      minLength: 1,
      maxLength: 256,
      messages: { type: passwordRequired, minLength: passwordRequired },
    }),
  },
  {
    additionalProperties: false,
    errorMessage: { required: { email: INVALID_EMAIL, password: passwordRequired } },
  },
);

export const RegisterBody = Type.Object(
  {
    email: EmailAddress,
    password: NewPassword,
    /** The browser's zone, for the weekly digest's Monday 09:00; UTC when left out. */
    timeZone: Type.Optional(TimeZoneName),
  },
  {
    additionalProperties: false,
    errorMessage: { required: { email: INVALID_EMAIL, password: passwordTooShort } },
  },
);

/**
 * A channel sent to registration (docs/product.md#data-shapes); the subscriber count arrives as the search
 * gave it.
 */
const SelectedChannel = Type.Object(
  {
    youtubeId: singleLineText("Channel id", { minLength: 1, maxLength: 64 }),
    title: singleLineText("Channel title", { maxLength: 300 }),
    description: multiLineText("Channel description", { maxLength: 5000 }),
    thumbnailUrl: singleLineText("Channel thumbnail address", { maxLength: 2048 }),
    subscriberCount: Type.Optional(
      Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: "^[0-9]{1,15}$" }), Type.Null()]),
    ),
  },
  { additionalProperties: false },
);

/**
 * The search answers subscriber counts as numeric strings (docs/product.md#data-shapes); events carry
 * numbers.
 */
export function toSelectedChannel(
  channel: Static<typeof SelectedChannel>,
): UserRegisteredData["selectedChannels"][number] {
  const { subscriberCount, ...rest } = channel;
  return { ...rest, subscriberCount: subscriberCount == null ? 0 : Number(subscriberCount) };
}

export const RegisterWithEmailBody = Type.Object(
  {
    email: EmailAddress,
    channels: Type.Optional(Type.Array(SelectedChannel, { maxItems: 25 })),
    /** As for RegisterBody. */
    timeZone: Type.Optional(TimeZoneName),
  },
  { additionalProperties: false, errorMessage: { required: { email: INVALID_EMAIL } } },
);

export const EmailOnlyBody = Type.Object(
  { email: EmailAddress },
  { additionalProperties: false, errorMessage: { required: { email: INVALID_EMAIL } } },
);

/** A mailed link's token, refused in the words its own page uses. */
const linkToken = (label: string, invalid: string) =>
  singleLineText(label, { minLength: 1, maxLength: 200, messages: { type: invalid, minLength: invalid } });

export const SignInWithLinkBody = Type.Object(
  { token: linkToken("The sign-in link", messages.signInLinkInvalid) },
  { additionalProperties: false, errorMessage: { required: { token: messages.signInLinkInvalid } } },
);

export const PasswordResetLinkBody = Type.Object(
  { token: linkToken("The password reset link", messages.passwordResetInvalid) },
  { additionalProperties: false, errorMessage: { required: { token: messages.passwordResetInvalid } } },
);

export const PasswordResetBody = Type.Object(
  { token: linkToken("The password reset link", messages.passwordResetInvalid), newPassword: NewPassword },
  {
    additionalProperties: false,
    errorMessage: { required: { token: messages.passwordResetInvalid, newPassword: passwordTooShort } },
  },
);

/** One of the languages summaries can be written in, or null for each video's own. */
const SummaryLanguageChoice = Type.Union(
  [Type.Union(SUMMARY_LANGUAGES.map((code) => Type.Literal(code))), Type.Null()],
  { errorMessage: messages.summaryLanguageUnknown },
);

export const ProfileBody = Type.Object(
  {
    fullName: Type.Optional(Type.Union([singleLineText("Full name", { maxLength: 200 }), Type.Null()])),
    email: EmailAddress,
    /** Left out, the stored zone stays. */
    timeZone: Type.Optional(TimeZoneName),
    /** Left out, the stored choice stays; null for each video's own language. */
    summaryLanguage: Type.Optional(SummaryLanguageChoice),
  },
  { additionalProperties: false, errorMessage: { required: { email: INVALID_EMAIL } } },
);

export { AccountReply };

/** Whose account a sign-in link signs into, shown before the link is spent. */
export const SignInLinkAccountReply = Type.Object({ email: Type.String() });

/** An answer that tells the visitor what happened without naming an account (a sign-in link sent). */
export const NoticeReply = Type.Object({ message: Type.String() });

export function toAccount(user: User): AccountReply {
  return { email: user.email, fullName: user.full_name };
}

export function toProfile(user: User): ProfileReply {
  return { ...toAccount(user), timeZone: user.time_zone, summaryLanguage: user.summary_language };
}
