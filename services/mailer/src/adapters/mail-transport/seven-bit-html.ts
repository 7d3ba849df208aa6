/** The longest line a message may carry (RFC 5322 §2.1.1), CRLF aside. */
const MAX_LINE = 998;

/**
 * `html` as 7-bit text that can travel unencoded, or undefined when it cannot: every character past
 * ASCII written as a character reference, and every line longer than SMTP allows broken at a space
 * between words or between a tag's attributes, where a line break reads exactly as the space did (no
 * e-mail of ours has preformatted text). Never inside a quoted value or a comment, where it would not.
 * Sent so, the HTML costs its own size, where base64 adds a third and quoted-printable adds `=3D` to
 * every attribute.
 */
export function sevenBitHtml(html: string): string | undefined {
  const ascii = html.replace(/\P{ASCII}/gu, (character) => `&#${character.codePointAt(0)};`);
  // Control characters other than line ends and tabs, or a lone carriage return, cannot go as 7-bit text.
  if (/(?![\t\n\r])\p{Cc}|\r(?!\n)/u.test(ascii)) return undefined;
  const lines = ascii.split(/\r?\n/).map(wrapped);
  if (lines.some((line) => line === undefined)) return undefined;
  return lines.join("\n");
}

/** One line broken at spaces where a break is harmless, each piece within MAX_LINE; undefined if it cannot be. */
function wrapped(line: string): string | undefined {
  if (line.length <= MAX_LINE) return line;
  const pieces: string[] = [];
  let start = 0;
  let lastBreak = -1;
  let inTag = false;
  let quote: string | null = null;
  let inComment = false;
  for (let at = 0; at < line.length; at += 1) {
    const character = line[at];
    if (inComment) {
      if (line.startsWith("-->", at)) inComment = false;
    } else if (quote) {
      if (character === quote) quote = null;
    } else if (inTag) {
      if (character === '"' || character === "'") quote = character;
      else if (character === ">") inTag = false;
      else if (character === " ") lastBreak = at;
    } else if (line.startsWith("<!--", at)) inComment = true;
    else if (character === "<") inTag = true;
    else if (character === " ") lastBreak = at;
    if (at - start >= MAX_LINE) {
      if (lastBreak <= start) return undefined;
      pieces.push(line.slice(start, lastBreak));
      start = lastBreak + 1;
    }
  }
  pieces.push(line.slice(start));
  return pieces.join("\n");
}
