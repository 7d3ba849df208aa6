import { isEmailAddress } from "@tubedigest/contracts/email-rule";

/**
 * The message for an e-mail the shared rule refuses (docs/product.md#validation), on the login, sign-up and
 * profile forms.
 */
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address";

export function isValidEmail(text: string): boolean {
  return isEmailAddress(text.trim());
}
