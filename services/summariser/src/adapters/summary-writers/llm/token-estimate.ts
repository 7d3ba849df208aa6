/** Fewer characters per token than the usual 4 of English text, so that estimates err high. */
const LATIN_CHARS_PER_TOKEN = 3.5;
/** Basic Latin to Latin Extended-B, with the general punctuation block: the scripts near 4 chars a token. */
const LAST_LATIN_CODE_POINT = 0x24f;
const PUNCTUATION = { first: 0x2000, last: 0x206f };

/**
 * Tokens a text will take, estimated without a tokenizer. Other scripts (Cyrillic, Greek, CJK, Arabic…)
 * take far more tokens per character than Latin; each of their characters counts as a whole token.
 */
export function estimateTokens(text: string): number {
  let latin = 0;
  let other = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code <= LAST_LATIN_CODE_POINT || (code >= PUNCTUATION.first && code <= PUNCTUATION.last)) latin += 1;
    else other += 1;
  }
  return Math.ceil(latin / LATIN_CHARS_PER_TOKEN + other);
}
