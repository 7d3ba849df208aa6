import type { Sentence } from "./sentences.ts";

/**
 * Openings that point back at something said before ("That step is called deglazing", "It takes an
 * hour", "However, …"): read without what came before, such a sentence says nothing or misleads.
 */
const LEANING_START =
  /^["'“‘(]*(this|that|these|those|it|its|they|their|them|he|she|his|her|such|however|therefore|thus|hence|also|but|then|which|both|another|the latter|the former|the same)\b(?!['’]s\s+(?:a|an|the)\s)/i;

export function leansOnWhatCameBefore(sentence: Sentence): boolean {
  return LEANING_START.test(sentence.text.trim());
}

/**
 * Sentences picked for a paragraph, in the video's order, each one that leans on the sentence before
 * it brought with that sentence (when it does not lean in turn) or left out: a paragraph never rests on
 * a sentence it does not show.
 */
export function withAntecedents(picked: Sentence[], all: Sentence[]): Sentence[] {
  const byIndex = new Map(all.map((sentence) => [sentence.index, sentence]));
  const chosen = new Map<number, Sentence>();
  for (const sentence of [...picked].sort((a, b) => a.index - b.index)) {
    if (!leansOnWhatCameBefore(sentence) || chosen.has(sentence.index - 1)) {
      chosen.set(sentence.index, sentence);
      continue;
    }
    const before = byIndex.get(sentence.index - 1);
    if (before && !leansOnWhatCameBefore(before)) {
      chosen.set(before.index, before);
      chosen.set(sentence.index, sentence);
    }
  }
  return [...chosen.values()].sort((a, b) => a.index - b.index);
}
