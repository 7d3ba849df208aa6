import type { DigestInline } from "./digest.ts";

/** What a backslash may escape in markdown: ASCII punctuation. */
const ESCAPABLE = /[!-/:-@[-`{-~]/;
const HTTP_URL = /^https?:\/\/[^\s]+$/i;

/** Where `delimiter` next occurs in `source` from `from`, outside backslash escapes; -1 if nowhere. */
function closing(source: string, from: number, delimiter: string): number {
  for (let index = from; index < source.length; index += 1) {
    if (source[index] === "\\") index += 1;
    else if (source.startsWith(delimiter, index)) return index;
  }
  return -1;
}

/** Where a link's "(target)" that opens at `open` closes, allowing balanced parentheses inside; -1 if nowhere. */
function targetEnd(source: string, open: number): number {
  let depth = 0;
  for (let index = open + 1; index < source.length; index += 1) {
    const character = source[index];
    if (character === "\\") index += 1;
    else if (character === "(") depth += 1;
    else if (character === ")") {
      if (depth === 0) return index;
      depth -= 1;
    }
  }
  return -1;
}

/** The runs' text with their formatting dropped. */
export function inlineText(runs: readonly DigestInline[]): string {
  return runs.map((run) => run.text).join("");
}

/**
 * One line of the digest's markdown as runs of text: backslash escapes undone, `**key phrase**`,
 * `_aside_` (or `*aside*`) and `[label](link)`. Only http(s) links are kept as links; any other target
 * leaves its label as plain text. This is the inline markdown the summariser writes (every outside text
 * escaped), so an unmatched delimiter is simply text.
 */
export function readInline(source: string): DigestInline[] {
  const runs: DigestInline[] = [];
  let text = "";
  const push = (run: DigestInline) => {
    if (text !== "") runs.push({ kind: "text", text });
    text = "";
    if (run.text !== "") runs.push(run);
  };
  let index = 0;
  while (index < source.length) {
    const character = source[index] ?? "";
    const next = source[index + 1] ?? "";
    if (character === "\\" && ESCAPABLE.test(next)) {
      text += next;
      index += 2;
      continue;
    }
    if (source.startsWith("**", index)) {
      const end = closing(source, index + 2, "**");
      if (end > index + 2) {
        push({ kind: "strong", text: inlineText(readInline(source.slice(index + 2, end))) });
        index = end + 2;
        continue;
      }
    }
    if (character === "_" || character === "*") {
      const end = closing(source, index + 1, character);
      if (end > index + 1) {
        push({ kind: "emphasis", text: inlineText(readInline(source.slice(index + 1, end))) });
        index = end + 1;
        continue;
      }
    }
    if (character === "[") {
      const labelEnd = closing(source, index + 1, "]");
      const end = labelEnd === -1 || source[labelEnd + 1] !== "(" ? -1 : targetEnd(source, labelEnd + 1);
      if (end !== -1) {
        const label = inlineText(readInline(source.slice(index + 1, labelEnd)));
        const url = source.slice(labelEnd + 2, end).trim();
        if (HTTP_URL.test(url)) push({ kind: "link", text: label, url });
        else text += label;
        index = end + 1;
        continue;
      }
    }
    text += character;
    index += 1;
  }
  if (text !== "") runs.push({ kind: "text", text });
  return runs;
}
