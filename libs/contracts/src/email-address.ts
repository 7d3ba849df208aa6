import Type from "typebox";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "./email-rule.ts";

/**
 * An e-mail address in an event: one bare address (email-rule.ts), trimmed and canonical. The routes
 * take the same rule, so a valid sign-up's event is always publishable.
 */
export const EmailAddress = Type.String({ pattern: EMAIL_PATTERN, maxLength: EMAIL_MAX_LENGTH });
