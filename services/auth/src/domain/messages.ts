/** What auth tells people; shared by the operations that must answer alike. */
export const messages = {
  emailTaken: "An account with this email already exists. Please sign in instead.",
  // One answer for an unknown e-mail, a wrong password and a password-less account: no enumeration.
  badCredentials: "Invalid email or password. Please try again.",
  claimMissing: "Please sign in with your email and password.",
  emailImmutable: "Your email address cannot be changed here.",
  accountGone: "Your account could not be found. Please sign in again.",
  signInLinkSentToAccount:
    "This email address already has an account. We've sent a sign-in link to it: follow the link to sign in.",
  // The same whether or not the address has an account.
  signInLinkRequested: "If an account exists for this address, we've sent a sign-in link to it.",
  signInLinkInvalid: "This sign-in link is invalid, expired or already used. Please request a new one.",
  timeZoneNotText: "The time zone must be an IANA name such as Europe/Berlin.",
  summaryLanguageUnknown: "Please choose a language for your summaries from the list.",
  // `shown` is the name as the person may read it back (see check-time-zone.ts).
  unknownTimeZone: (shown: string) => `Unknown time zone: ${shown}. Use an IANA name such as Europe/Berlin.`,
} as const;
