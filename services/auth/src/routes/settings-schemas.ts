import { pauseMessages } from "@tubedigest/contracts/digest-pause";
import { EmailAddress, INVALID_EMAIL, singleLineText } from "@tubedigest/http";
import Type from "typebox";
import { messages } from "../domain/messages.ts";
import { NewPassword, passwordTooShort } from "./schemas.ts";

/** The password the account has now, when it has one: asked before a change that could take it over. */
const CurrentPassword = singleLineText("Current password", {
  maxLength: 256,
  messages: { type: messages.currentPasswordRequired },
});

export const PasswordChangeBody = Type.Object(
  {
    currentPassword: Type.Optional(CurrentPassword),
    newPassword: NewPassword,
  },
  { additionalProperties: false, errorMessage: { required: { newPassword: passwordTooShort } } },
);

export const EmailChangeBody = Type.Object(
  { email: EmailAddress, currentPassword: Type.Optional(CurrentPassword) },
  { additionalProperties: false, errorMessage: { required: { email: INVALID_EMAIL } } },
);

export const EmailChangeConfirmBody = Type.Object(
  {
    token: singleLineText("The confirmation link", {
      minLength: 1,
      maxLength: 200,
      messages: { type: messages.emailChangeInvalid, minLength: messages.emailChangeInvalid },
    }),
  },
  { additionalProperties: false, errorMessage: { required: { token: messages.emailChangeInvalid } } },
);

export const DigestPauseBody = Type.Object(
  {
    /** The first day digests may come again (`YYYY-MM-DD`, the reader's zone); null: until resumed. */
    until: Type.Union([Type.String({ maxLength: 10 }), Type.Null()], {
      errorMessage: pauseMessages.notADate,
    }),
  },
  { additionalProperties: false, errorMessage: { required: { until: pauseMessages.notADate } } },
);

export const AccountDeletionBody = Type.Object(
  {
    email: singleLineText("Email", {
      maxLength: 320,
      messages: { type: messages.deletionNotConfirmed, pattern: messages.deletionNotConfirmed },
    }),
    /** Asked for when the account has a password: a browser left signed in is not the account. */
    currentPassword: Type.Optional(CurrentPassword),
  },
  { additionalProperties: false, errorMessage: { required: { email: messages.deletionNotConfirmed } } },
);

/** Whether the account has a password: settings offers to set a first one, or to change it. */
export const PasswordStateReply = Type.Object({ hasPassword: Type.Boolean() });

export const EmailChangedReply = Type.Object({ email: Type.String(), message: Type.String() });

/** The address a confirmation link would move the account to, shown before the person confirms. */
export const EmailChangePreviewReply = Type.Object({ email: Type.String() });
