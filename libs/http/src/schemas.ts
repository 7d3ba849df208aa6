import { EMAIL_MAX_LENGTH, TYPED_EMAIL_PATTERN } from "@tubedigest/contracts/email-rule";
import Type from "typebox";

/** Every 4xx and 5xx answer of every route. */
export const ErrorReply = Type.Object({ message: Type.String() });

/**
 * The message for an address the shared rule refuses, whatever the form or route
 * (docs/product.md#validation).
 */
export const INVALID_EMAIL = "Please enter a valid email address";

/**
 * An e-mail address as a person typed it: one bare address under the product's one rule (libs/contracts
 * email-rule.ts), blanks around it allowed and trimmed by the route. Whatever compares, limits,
 * suppresses or sends to it uses `canonicalEmail` of it.
 */
export const EmailAddress = Type.String({
  pattern: TYPED_EMAIL_PATTERN,
  maxLength: EMAIL_MAX_LENGTH,
  errorMessage: INVALID_EMAIL,
});

type TextKeyword = "type" | "minLength" | "maxLength" | "pattern";

export interface TextOptions {
  maxLength: number;
  minLength?: number;
  /** Replaces the generated message of a keyword, where the product words it its own way. */
  messages?: Partial<Record<TextKeyword, string>>;
}

// Control characters and lone surrogates: Postgres refuses a NUL ("invalid byte sequence", a 500), and
// none of them belongs in text a person typed. Patterns compile with the `u` flag (ajv's default), which
// `\p{…}` needs.
const SINGLE_LINE = "^[^\\p{Cc}\\p{Cs}]*$";
// The same less tab, line feed and carriage return: Cc is exactly U+0000–U+001F and U+007F–U+009F.
const MULTI_LINE = "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\p{Cs}]*$";

function text(pattern: string, patternMessage: string, name: string, options: TextOptions) {
  return Type.String({
    ...(options.minLength === undefined ? {} : { minLength: options.minLength }),
    maxLength: options.maxLength,
    pattern,
    errorMessage: {
      type: `${name} must be text.`,
      ...(options.minLength === undefined ? {} : { minLength: `${name} must not be empty.` }),
      maxLength: `${name} must be at most ${options.maxLength} characters.`,
      pattern: patternMessage,
      ...options.messages,
    },
  });
}

/** A name, a title, an address: one line, no control characters. `name` starts its error messages. */
export function singleLineText(name: string, options: TextOptions) {
  return text(
    SINGLE_LINE,
    `${name} must be a single line of text without control characters.`,
    name,
    options,
  );
}

/** A description or other prose: line breaks and tabs allowed, no other control characters. */
export function multiLineText(name: string, options: TextOptions) {
  return text(
    MULTI_LINE,
    `${name} must not contain control characters other than tabs and line breaks.`,
    name,
    options,
  );
}
