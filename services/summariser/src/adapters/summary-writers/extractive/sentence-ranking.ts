import type { Sentence } from "./sentences.ts";

/** Two sentences this alike say the same thing: the second is not another key point. */
const SAME_POINT_SIMILARITY = 0.5;
/** A sentence this much made of the title's words only repeats the title. */
const TITLE_ECHO_SHARE = 0.6;

/** Sentences that could be key points, best first, with the weights of their terms. */
interface Ranking {
  sentences: Sentence[];
  weights: Map<string, number>;
}

export function ranking(sentences: Sentence[], titleTerms: Set<string>): Ranking {
  const usable = sentences.filter(isUsable).filter((sentence) => !echoes(sentence, titleTerms));
  const weights = termWeights(usable);
  const centroid = new Map<string, number>();
  for (const sentence of usable) {
    for (const term of sentence.terms)
      centroid.set(term, (centroid.get(term) ?? 0) + (weights.get(term) ?? 0));
  }
  let centroidNorm = 0;
  for (const value of centroid.values()) centroidNorm += value * value;
  const last = Math.max(1, sentences.length - 1);
  const score = (sentence: Sentence) => {
    const central = centrality(sentence.terms, weights, centroid, Math.sqrt(centroidNorm));
    const onTitle = titleTerms.size > 0 ? overlap(sentence.terms, titleTerms) / titleTerms.size : 0;
    const position = sentence.index / last;
    // Openings and sign-offs rarely carry the substance, even when they escape the filler patterns.
    const placed = position < 0.05 || position > 0.95 ? 0.85 : 1;
    const sized = sentence.wordCount < 10 ? 0.8 : Math.min(1, 40 / sentence.wordCount);
    // A question is rarely the point; the answer after it is.
    const asked = sentence.text.endsWith("?") ? 0.5 : 1;
    // The title says what the video is about; a figure makes a point concrete.
    return (central + 0.25 * onTitle + (sentence.hasNumber ? 0.05 : 0)) * placed * sized * asked;
  };
  const ranked = usable
    .map((sentence) => ({ sentence, value: score(sentence) }))
    .sort((a, b) => b.value - a.value || a.sentence.index - b.sentence.index)
    .map(({ sentence }) => sentence);
  return { sentences: ranked, weights };
}

/** The best `count` sentences that do not repeat each other or those already taken. */
export function distinct({ sentences, weights }: Ranking, taken: Sentence[], count: number): Sentence[] {
  const picked: Sentence[] = [];
  for (const sentence of sentences) {
    if (picked.length >= count) break;
    const repeats = [...taken, ...picked].some(
      (other) =>
        other === sentence || similarity(sentence.terms, other.terms, weights) >= SAME_POINT_SIMILARITY,
    );
    if (!repeats) picked.push(sentence);
  }
  return picked;
}

export function isUsable(sentence: Sentence): boolean {
  return !sentence.filler && sentence.wordCount >= 6 && sentence.terms.size >= 3;
}

function echoes(sentence: Sentence, titleTerms: Set<string>): boolean {
  return overlap(sentence.terms, titleTerms) / sentence.terms.size >= TITLE_ECHO_SHARE;
}

/** Rarer terms weigh more (inverse sentence frequency), so shared common words do not make a centre. */
function termWeights(sentences: Sentence[]): Map<string, number> {
  const frequency = new Map<string, number>();
  for (const sentence of sentences) {
    for (const term of sentence.terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  }
  const weights = new Map<string, number>();
  for (const [term, count] of frequency) weights.set(term, Math.log(1 + sentences.length / count));
  return weights;
}

/** Cosine between the sentence's weighted terms and the sum of every sentence's. */
function centrality(
  terms: Set<string>,
  weights: Map<string, number>,
  centroid: Map<string, number>,
  centroidNorm: number,
): number {
  let dot = 0;
  let norm = 0;
  for (const term of terms) {
    const weight = weights.get(term) ?? 0;
    dot += weight * (centroid.get(term) ?? 0);
    norm += weight * weight;
  }
  return norm > 0 && centroidNorm > 0 ? dot / (Math.sqrt(norm) * centroidNorm) : 0;
}

function similarity(a: Set<string>, b: Set<string>, weights: Map<string, number>): number {
  let shared = 0;
  let normA = 0;
  let normB = 0;
  for (const term of a) {
    const weight = (weights.get(term) ?? 1) ** 2;
    normA += weight;
    if (b.has(term)) shared += weight;
  }
  for (const term of b) normB += (weights.get(term) ?? 1) ** 2;
  return normA > 0 && normB > 0 ? shared / Math.sqrt(normA * normB) : 0;
}

function overlap(a: Set<string>, b: Set<string>): number {
  let count = 0;
  for (const term of a) if (b.has(term)) count += 1;
  return count;
}
