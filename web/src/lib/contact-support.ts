const CONTACT_SUPPORT = /contact support/i;

/**
 * A message cut right after the words "contact support", so the support address can follow them; undefined
 * for a message that does not say them.
 */
export function splitAfterContactSupport(text: string): [before: string, after: string] | undefined {
  const match = CONTACT_SUPPORT.exec(text);
  if (!match) return undefined;
  const end = match.index + match[0].length;
  return [text.slice(0, end), text.slice(end)];
}
