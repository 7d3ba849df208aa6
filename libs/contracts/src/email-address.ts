import Type from "typebox";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "./email-rule.ts";

/**
 * An e-mail address as the product accepts it at sign-up (SPEC §5: text, @, text, dot, text, no
 * spaces), already trimmed. Stricter rules here than at the door would make a valid sign-up's event
 * unpublishable.
 */
export const EmailAddress = Type.String({ pattern: EMAIL_PATTERN, maxLength: EMAIL_MAX_LENGTH });
