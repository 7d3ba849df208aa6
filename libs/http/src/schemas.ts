import Type from "typebox";

/** Every 4xx and 5xx answer of every route. */
export const ErrorReply = Type.Object({ message: Type.String() });

/**
 * SPEC §5: text, @, text, dot, text, no spaces — surrounding blanks allowed, they are trimmed away.
 * 254 characters is the longest address SMTP can deliver to.
 */
export const INVALID_EMAIL = "Please enter a valid email address";

export const EmailAddress = Type.String({
  pattern: "^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$",
  maxLength: 254,
  errorMessage: INVALID_EMAIL,
});

export function normaliseEmail(email: string): string {
  return email.trim();
}
