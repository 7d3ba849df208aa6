import { contentWords } from "./key-phrases.ts";

/**
 * A reader's focus as words: those it asks for, and those it asks to skip, which come after "not", "no",
 * "without" or "except" in the same clause ("engine design, not news": engine and design for, news
 * against). Clauses end at punctuation. Two-letter words count ("AI"); words that say nothing do not.
 */
export interface FocusWords {
  wanted: string[];
  unwanted: string[];
}

const CLAUSE = /[,;:.!?()[\]/\n]+/u;
const NEGATION = /(?<![\p{L}\p{N}'’-])(?:not|no|without|except)(?![\p{L}\p{N}'’-])/iu;

const keysOf = (text: string) => contentWords(text, 2).flatMap((word) => (word ? [word.key] : []));

export function focusWords(focus: string | null): FocusWords {
  const wanted = new Set<string>();
  const unwanted = new Set<string>();
  for (const clause of (focus ?? "").split(CLAUSE)) {
    const negation = NEGATION.exec(clause);
    const asked = negation ? clause.slice(0, negation.index) : clause;
    const skipped = negation ? clause.slice(negation.index + negation[0].length) : "";
    for (const key of keysOf(asked)) wanted.add(key);
    for (const key of keysOf(skipped)) unwanted.add(key);
  }
  // Asked for in one clause and to skip in another, a word says nothing either way.
  return {
    wanted: [...wanted].filter((key) => !unwanted.has(key)),
    unwanted: [...unwanted].filter((key) => !wanted.has(key)),
  };
}

/** Whether the focus has any word to go by. */
export const hasFocus = (words: FocusWords) => words.wanted.length + words.unwanted.length > 0;

/** The same word, or one the plural of the other ("engine", "engines"; "match", "matches"). */
const sameWord = (a: string, b: string) =>
  a === b || a === `${b}s` || b === `${a}s` || a === `${b}es` || b === `${a}es`;

/** How far some text speaks to the focus: each word asked for that it holds counts one, each to skip minus one. */
export function focusScore(words: FocusWords, text: string): number {
  const keys = keysOf(text);
  const holds = (wanted: string) => keys.some((key) => sameWord(wanted, key));
  return words.wanted.filter(holds).length - words.unwanted.filter(holds).length;
}
