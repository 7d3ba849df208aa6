/** SPEC §5's e-mail rule: text, @, text, dot, text, no spaces. The server's schema and the web app's forms share it. */
export const EMAIL_PATTERN = "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$";
export const EMAIL_MAX_LENGTH = 254;

const EMAIL = new RegExp(EMAIL_PATTERN);

/** Whether `text` (already trimmed) is an e-mail address as the product accepts it. */
export function isEmailAddress(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && EMAIL.test(text);
}
