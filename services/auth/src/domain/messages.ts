/** What auth tells people; shared by the operations that must answer alike. */
export const messages = {
  emailTaken: "An account with this email already exists. Please sign in instead.",
  // One answer for an unknown e-mail, a wrong password and a password-less account: no enumeration.
  badCredentials: "Invalid email or password. Please try again.",
  claimMissing: "Please sign in with your email and password.",
  emailImmutable: "Your email address cannot be changed here.",
  accountGone: "Your account could not be found. Please sign in again.",
} as const;
