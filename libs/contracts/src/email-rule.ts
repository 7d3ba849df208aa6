/**
 * The product's e-mail rule (docs/product.md#validation), read as one bare address: text, @, text, dot, text,
 * and nothing a mail library could read as more than that address. A display name (`x<ann@x.io>`), a list
 * (`ann@x.io,`), a group (`:`), a comment (`(x)`), a quoted or escaped local part (`"…"`, `\`), a domain
 * literal (`[…]`) all look like one address to a check comparing strings and like another recipient, or
 * several, to nodemailer. `%` goes too: relays route `ann%evil.example@relay` to evil.example, and `%3C`
 * spells `<` to whoever decodes it. No blank, control, format or unassigned character (`\s`, `\p{C}`): a NUL
 * makes Postgres fail the query, an invisible one makes an address that looks like someone else's. Each
 * domain label is non-empty, which also keeps the pattern linear however long the text. The server's schemas,
 * the events' contracts and the web app's forms share it; patterns are compiled with the `u` flag, as ajv and
 * TypeBox do.
 */
const LOCAL_PART = '[^\\s@\\p{C}<>()\\[\\]\\\\,;:"%]+';
const DOMAIN_LABEL = '[^\\s@\\p{C}<>()\\[\\]\\\\,;:"%.]+';
const BARE_ADDRESS = `${LOCAL_PART}@(?:${DOMAIN_LABEL}\\.)+${DOMAIN_LABEL}`;

/** An address already trimmed: what events carry and what mail is sent to. */
export const EMAIL_PATTERN = `^${BARE_ADDRESS}$`;
/** An address as a person typed it: blanks around it are allowed, and trimmed by `canonicalEmail`. */
export const TYPED_EMAIL_PATTERN = `^\\s*${BARE_ADDRESS}\\s*$`;
/** The longest address SMTP can deliver to. */
export const EMAIL_MAX_LENGTH = 254;

const EMAIL = new RegExp(EMAIL_PATTERN, "u");

/** Whether `text` (already trimmed) is one bare e-mail address as the product accepts it. */
export function isEmailAddress(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && EMAIL.test(text);
}
