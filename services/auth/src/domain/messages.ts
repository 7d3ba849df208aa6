/** What auth tells people; shared by the operations that must answer alike. */
export const messages = {
  emailTaken: "An account with this email already exists. Please sign in instead.",
  // One answer for an unknown e-mail, a wrong password and a password-less account: no enumeration.
  badCredentials: "Invalid email or password. Please try again.",
  // Past the limit the address takes no password for a while, whether or not it has an account.
  tooManySignInFailures:
    "Too many failed sign-in attempts for this address. Please wait 15 minutes, or sign in with a link sent to your email.",
  claimMissing: "Please sign in with your email and password.",
  emailImmutable: "Your email address cannot be changed here.",
  // Settings: the account's password, address, digest and the account itself.
  currentPasswordRequired: "Please enter your current password.",
  currentPasswordWrong: "Your current password is not correct. Please try again.",
  passwordChanged: "Your password has been changed. You've been signed out everywhere else.",
  firstPasswordSet: "Your password is set. From now on you can sign in with it.",
  emailUnchanged: "That is already your email address.",
  emailChangeNeedsLink: (email: string) =>
    `To change the address of an account without a password, first sign in with the link we've sent to ${email}, then ask again within the hour.`,
  emailChangeSent: (email: string) =>
    `We've sent a confirmation link to ${email}. Your address changes once you follow it.`,
  emailChangeInvalid:
    "This confirmation link is invalid, expired or already used. Please ask for a new one in your settings.",
  emailChangeTaken:
    "This email address is now used by another account, so your address was not changed. Please choose another one in your settings.",
  emailChanged: (email: string) => `Your email address is now ${email}.`,
  deletionNotConfirmed: "Please type your email address exactly as shown to confirm.",
  accountDeleted: "Your account and everything we kept about you have been deleted.",
  accountGone: "Your account could not be found. Please sign in again.",
  signInLinkSentToAccount:
    "This email address already has an account. We've sent a sign-in link to it: follow the link to sign in.",
  // The same whether or not the address has an account.
  signInLinkRequested: "If an account exists for this address, we've sent a sign-in link to it.",
  signInLinkInvalid: "This sign-in link is invalid, expired or already used. Please request a new one.",
  // "Forgot password?": the same answer whether or not the address has an account.
  passwordResetRequested:
    "If an account exists for this address, we've sent a link to choose a new password. It works for an hour.",
  passwordResetInvalid:
    "This password reset link is invalid, expired or already used. Please ask for a new one.",
  passwordReset: "Your new password is set. You've been signed out everywhere else.",
  timeZoneNotText: "The time zone must be an IANA name such as Europe/Berlin.",
  summaryLanguageUnknown: "Please choose a language for your summaries from the list.",
  // `shown` is the name as the person may read it back (see check-time-zone.ts).
  unknownTimeZone: (shown: string) => `Unknown time zone: ${shown}. Use an IANA name such as Europe/Berlin.`,
} as const;
