import model from "wink-eng-lite-web-model";
import winkNLP, { type ItsFunction, type WinkMethods } from "wink-nlp";
import type { Transcript } from "../transcripts/transcript-source.ts";
import type { KeyPoint, SummaryInput, SummaryWriter, WrittenSummary } from "./summary-writer.ts";

/** A run of text said from one moment of the video (a caption line), or written (null). */
interface Passage {
  text: string;
  startSeconds: number | null;
}

/** One sentence with what scoring needs: its content words (lemmas) and where it sits. */
interface Sentence {
  index: number;
  text: string;
  startSeconds: number | null;
  wordCount: number;
  terms: Set<string>;
  hasNumber: boolean;
  /** A greeting, a call to subscribe, a sign-off, "today we're looking at": never a key point. */
  filler: boolean;
}

/** Change whenever the writer would pick differently, so stored summaries are written anew. */
const EXTRACTIVE_VERSION = "2026-11-23.1";
const MIN_KEY_POINTS = 3;
const MAX_KEY_POINTS = 5;
const SENTENCES_PER_KEY_POINT = 4;
const PARAGRAPH_SENTENCES = 3;
const PARAGRAPH_MAX_CHARS = 400;
const POINT_MAX_CHARS = 300;
/** About four hours of speech. */
const MAX_TEXT_CHARS = 250_000;
/** Automatic captions have no punctuation; under one full stop per this many words they are cut by length. */
const WORDS_PER_FULL_STOP = 40;
const UNPUNCTUATED_SENTENCE_WORDS = 20;
/** Two sentences this alike say the same thing: the second is not another key point. */
const SAME_POINT_SIMILARITY = 0.5;
/** A sentence this much made of the title's words only repeats the title. */
const TITLE_ECHO_SHARE = 0.6;
const CONTENT_POS = new Set(["NOUN", "PROPN", "VERB", "ADJ"]);
/** Words frequent in speech that say nothing about the subject. */
const EMPTY_WORDS = new Set([
  "video",
  "thing",
  "stuff",
  "guy",
  "lot",
  "okay",
  "yeah",
  "gonna",
  "wanna",
  "kind",
]);

const FILLER = [
  /^(hey|hi|hello|howdy|welcome|what's up)\b/,
  /\bwelcome (back|to)\b/,
  /\b(subscrib\w*|notification bell|like button|smash (that|the) like|leave a like|patreon|sponsor\w*|merch)\b/,
  /\blinks? (in|below)|(description|comments?) (below|down below|section)\b/,
  /\b(thanks|thank you)( so much| very much| all| guys| everyone)? for (watching|listening|tuning in|joining)\b/,
  /\b(see|catch) you (all |guys )?(next|in the next|soon|later|then|tomorrow)\b/,
  /\bthat's (it|all|about it|everything) for (today|now|this)\b/,
  /\b(in|for) (this|today's|the next|the last) (video|episode|stream)\b/,
  /(^|\bso )today,? (i'm|i am|we're|we are|i'll|we'll|i|we|is|it's)\b/,
  /\blet's (get (started|into it|going)|dive in|jump (in|right in)|begin|go|keep going|move on|wrap (it )?up)\b/,
  /\b(follow|stay tuned) for more\b|\bwithout further ado\b/,
];

/** What captions say besides words: "[Music]", "(applause)", "♪", ">>" before a new speaker. */
const CAPTION_CUES = /\[[^\]]*\]|\((music|applause|laughter|laughs|inaudible|silence)\)|♪|>>/gi;

let nlp: WinkMethods | undefined;

/** Loading the model takes about a tenth of a second, so it happens once, at the first summary. */
function englishNlp(): WinkMethods {
  nlp ??= winkNLP(model, ["sbd", "pos"]);
  return nlp;
}

/**
 * The embedded writer, used when no language model is configured: picks the video's own most central
 * sentences (content words shared with the rest of the transcript and with the title, weighted by
 * rarity), leaving out greetings, sign-offs and repeats. No network, deterministic, milliseconds.
 */
export function createExtractiveSummaryWriter(): SummaryWriter {
  return {
    name: "extractive",
    version: EXTRACTIVE_VERSION,
    async write(input) {
      const titleTerms = termsOfTitle(input.video.title);
      const spoken = input.transcript ? sentencesOf(passagesOfTranscript(input.transcript)) : [];
      const written = sentencesOf(passagesOfDescription(input.video.description));
      const language = input.transcript?.language || "en";
      return spoken.some(isUsable)
        ? summaryOfTranscript(spoken, written, titleTerms, input, language)
        : summaryOfDescription(written, titleTerms, input, language);
    },
  };
}

function summaryOfTranscript(
  spoken: Sentence[],
  written: Sentence[],
  titleTerms: Set<string>,
  input: SummaryInput,
  language: string,
): WrittenSummary {
  const ranked = ranking(spoken, titleTerms);
  const count = Math.min(
    MAX_KEY_POINTS,
    Math.max(MIN_KEY_POINTS, Math.ceil(ranked.sentences.length / SENTENCES_PER_KEY_POINT)),
  );
  const chosen = distinct(ranked, [], count);
  const points = [...chosen].sort((a, b) => a.index - b.index).map(keyPointOf);
  const padding = distinct(ranking(written, titleTerms), chosen, MAX_KEY_POINTS).map(keyPointOf);
  const keyPoints = padded(points, padding, input, "The captions say little more than this.");
  const rest = distinct(ranked, chosen, PARAGRAPH_SENTENCES);
  return {
    keyPoints,
    paragraph: paragraphOf(rest.length > 0 ? rest : chosen, keyPoints),
    language,
    basis: "transcript",
    model: "extractive",
    usage: { promptTokens: 0, completionTokens: 0, calls: 0 },
  };
}

function summaryOfDescription(
  written: Sentence[],
  titleTerms: Set<string>,
  input: SummaryInput,
  language: string,
): WrittenSummary {
  const ranked = ranking(written, titleTerms);
  const chosen = distinct(ranked, [], MAX_KEY_POINTS);
  const points = [...chosen].sort((a, b) => a.index - b.index).map(keyPointOf);
  const keyPoints = padded(
    points,
    [],
    input,
    "No captions were available, so this summary comes from the title and description only.",
  );
  return {
    keyPoints,
    paragraph: paragraphOf(chosen, keyPoints),
    language,
    basis: "description",
    model: "extractive",
    usage: { promptTokens: 0, completionTokens: 0, calls: 0 },
  };
}

/** Up to five points; fewer than three are topped up with what is known for certain, said plainly. */
function padded(points: KeyPoint[], padding: KeyPoint[], input: SummaryInput, note: string): KeyPoint[] {
  const facts = [cleaned(input.video.title), lengthOf(input.video.durationSeconds), note].map((text) => ({
    text: readable(text),
    startSeconds: null,
  }));
  const all = [...points];
  for (const point of [...padding, ...facts]) {
    if (all.length >= MIN_KEY_POINTS) break;
    const known = all.some((other) => other.text.toLowerCase() === point.text.toLowerCase());
    if (point.text && !known) all.push(point);
  }
  return all.slice(0, MAX_KEY_POINTS);
}

function paragraphOf(sentences: Sentence[], keyPoints: KeyPoint[]): string {
  const texts = [...sentences].sort((a, b) => a.index - b.index).map((sentence) => readable(sentence.text));
  let paragraph = "";
  for (const text of texts) {
    const longer = paragraph ? `${paragraph} ${text}` : text;
    if (longer.length > PARAGRAPH_MAX_CHARS) break;
    paragraph = longer;
  }
  return (
    paragraph || shortened(texts[0] ?? keyPoints.map((point) => point.text).join(" "), PARAGRAPH_MAX_CHARS)
  );
}

function keyPointOf(sentence: Sentence): KeyPoint {
  return { text: readable(sentence.text), startSeconds: sentence.startSeconds };
}

/** Sentences that could be key points, best first, with the weights of their terms. */
interface Ranking {
  sentences: Sentence[];
  weights: Map<string, number>;
}

function ranking(sentences: Sentence[], titleTerms: Set<string>): Ranking {
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
function distinct({ sentences, weights }: Ranking, taken: Sentence[], count: number): Sentence[] {
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

function isUsable(sentence: Sentence): boolean {
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

/**
 * Caption lines as passages, cleaned of control characters and cues like "[Music]". Automatic captions
 * come without punctuation: they are grouped into sentence-sized runs so there is something to pick.
 */
function passagesOfTranscript(transcript: Transcript): Passage[] {
  const lines: Passage[] = [];
  let previous = 0;
  let chars = 0;
  for (const segment of transcript.segments) {
    const text = cleaned(String(segment.text ?? "").replace(CAPTION_CUES, " "));
    const at = Number.isFinite(segment.startSeconds) ? Math.max(previous, segment.startSeconds) : previous;
    previous = at;
    if (!text) continue;
    // Past the limit the rest is left out, so one huge transcript cannot stall the writer.
    const room = MAX_TEXT_CHARS - chars;
    if (room <= 0) break;
    lines.push({ text: text.slice(0, room), startSeconds: at });
    chars += text.length + 1;
  }
  const words = lines.reduce((sum, line) => sum + wordsIn(line.text).length, 0);
  const fullStops = lines.reduce((sum, line) => sum + (line.text.match(/[.!?]/g)?.length ?? 0), 0);
  return fullStops * WORDS_PER_FULL_STOP >= words ? lines : sentenceSizedRuns(lines);
}

function sentenceSizedRuns(lines: Passage[]): Passage[] {
  const runs: Passage[] = [];
  let words: string[] = [];
  let startSeconds: number | null = null;
  for (const line of lines) {
    startSeconds ??= line.startSeconds;
    for (const word of wordsIn(line.text)) {
      words.push(word);
      // One enormous caption line still yields sentence-sized runs, all at its start.
      if (words.length >= UNPUNCTUATED_SENTENCE_WORDS * 2) {
        runs.push({ text: `${words.join(" ")}.`, startSeconds });
        words = [];
      }
    }
    if (words.length >= UNPUNCTUATED_SENTENCE_WORDS) {
      runs.push({ text: `${words.join(" ")}.`, startSeconds });
      words = [];
    }
    if (words.length === 0) startSeconds = null;
  }
  if (words.length > 0) runs.push({ text: `${words.join(" ")}.`, startSeconds });
  return runs;
}

/** A description's lines, without links, hashtags and chapter lists; a line without an ending gets one. */
function passagesOfDescription(description: string): Passage[] {
  return description
    .slice(0, MAX_TEXT_CHARS)
    .split(/\r?\n/)
    .filter((line) => !/https?:\/\/|www\.|^\s*\d{1,2}:\d{2}/i.test(line))
    .map((line) => cleaned(line.replace(/[#@]\w+/g, " ")))
    .filter(Boolean)
    .map((text) => ({ text: /[.!?…:;"”')]$/.test(text) ? text : `${text}.`, startSeconds: null }));
}

/** Passages read as one text, split into sentences; each starts when the passage it starts in does. */
function sentencesOf(passages: Passage[]): Sentence[] {
  if (passages.length === 0) return [];
  const starts: number[] = [];
  let text = "";
  for (const passage of passages) {
    if (text) text += " ";
    starts.push(text.length);
    text += passage.text;
  }
  const { readDoc, its } = englishNlp();
  const doc = readDoc(text);
  const tokens = doc.tokens();
  const types = tokens.out(its.type) as string[];
  const stopWords = tokens.out(its.stopWordFlag) as boolean[];
  const partsOfSpeech = tokens.out(its.pos) as string[];
  // wink-nlp's types declare lemma with the wrong parameters; at run time `out` calls it as it should.
  const lemmas = tokens.out(its.lemma as ItsFunction<string>) as string[];
  const spans = doc.sentences().out(its.span) as number[][];
  const texts = doc.sentences().out();
  const sentences: Sentence[] = [];
  let cursor = 0;
  spans.forEach(([first = 0, last = -1], index) => {
    const sentenceText = (texts[index] ?? "").trim();
    const found = text.indexOf(sentenceText, cursor);
    const offset = found >= 0 ? found : cursor;
    cursor = found >= 0 ? found + sentenceText.length : cursor;
    const terms = new Set<string>();
    let wordCount = 0;
    let hasNumber = false;
    for (let token = first; token <= last; token += 1) {
      if (types[token] === "number") hasNumber = true;
      if (types[token] !== "word") continue;
      wordCount += 1;
      const lemma = (lemmas[token] ?? "").toLowerCase();
      const content = !stopWords[token] && CONTENT_POS.has(partsOfSpeech[token] ?? "");
      if (content && lemma.length > 1 && !EMPTY_WORDS.has(lemma)) terms.add(lemma);
    }
    sentences.push({
      index,
      text: sentenceText,
      startSeconds: passages[passageAt(starts, offset)]?.startSeconds ?? null,
      wordCount,
      terms,
      hasNumber,
      filler: FILLER.some((pattern) => pattern.test(sentenceText.toLowerCase().replace(/[’‘]/g, "'"))),
    });
  });
  return sentences;
}

function termsOfTitle(title: string): Set<string> {
  const terms = new Set<string>();
  for (const sentence of sentencesOf([{ text: cleaned(title), startSeconds: null }])) {
    for (const term of sentence.terms) terms.add(term);
  }
  return terms;
}

/** The last passage starting at or before `offset`. */
function passageAt(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((starts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Control and invisible characters out, whitespace collapsed. */
function cleaned(text: string): string {
  return text.replace(/[\s\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, " ").trim();
}

function wordsIn(text: string): string[] {
  return text.split(" ").filter(Boolean);
}

/** A sentence as a reader expects one: capital first letter, not endless. */
function readable(text: string): string {
  const trimmed = shortened(text.trim(), POINT_MAX_CHARS);
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

function shortened(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > maxChars / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

function lengthOf(durationSeconds: number | null): string {
  if (!durationSeconds || durationSeconds <= 0) return "";
  if (durationSeconds < 60) return `The video runs ${durationSeconds} seconds.`;
  const minutes = Math.round(durationSeconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    hours ? `${hours} hour${hours === 1 ? "" : "s"}` : "",
    rest ? `${rest} minute${rest === 1 ? "" : "s"}` : "",
  ];
  return `The video runs ${parts.filter(Boolean).join(" ")}.`;
}
