import model from "wink-eng-lite-web-model";
import winkNLP, { type ItsFunction, type WinkMethods } from "wink-nlp";
import type { Transcript } from "../../transcripts/transcript-source.ts";

/** A run of text said from one moment of the video (a caption line), or written (null). */
interface Passage {
  text: string;
  startSeconds: number | null;
}

/** One sentence with what scoring needs: its content words (lemmas) and where it sits. */
export interface Sentence {
  index: number;
  text: string;
  startSeconds: number | null;
  wordCount: number;
  terms: Set<string>;
  hasNumber: boolean;
  /** A greeting, a call to subscribe, a sign-off, "today we're looking at": never a key point. */
  filler: boolean;
}

const POINT_MAX_CHARS = 300;
/** About four hours of speech: the most read at once, so long transcripts are read in time-ordered parts. */
const PART_CHARS = 250_000;
/**
 * About thirty hours of speech, longer than any video YouTube keeps a transcript of: past it the rest is
 * left out, so one hostile transcript cannot stall the writer. Everything a real video says is read.
 */
const MAX_TEXT_CHARS = 2_000_000;
/** Automatic captions have no punctuation; under one full stop per this many words they are cut by length. */
const WORDS_PER_FULL_STOP = 40;
const UNPUNCTUATED_SENTENCE_WORDS = 20;
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
 * Caption lines as passages, cleaned of control characters and cues like "[Music]". Automatic captions
 * come without punctuation: they are grouped into sentence-sized runs so there is something to pick.
 */
export function passagesOfTranscript(transcript: Transcript): Passage[] {
  const lines: Passage[] = [];
  let previous = 0;
  let chars = 0;
  for (const segment of transcript.segments) {
    const text = cleaned(String(segment.text ?? "").replace(CAPTION_CUES, " "));
    const at = Number.isFinite(segment.startSeconds) ? Math.max(previous, segment.startSeconds) : previous;
    previous = at;
    if (!text) continue;
    // Past the limit the rest is left out, so one huge transcript cannot stall the writer.
    const room = Math.min(MAX_TEXT_CHARS - chars, PART_CHARS);
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
export function passagesOfDescription(description: string): Passage[] {
  return description
    .slice(0, MAX_TEXT_CHARS)
    .split(/\r?\n/)
    .filter((line) => !/https?:\/\/|www\.|^\s*\d{1,2}:\d{2}/i.test(line))
    .map((line) => cleaned(line.replace(/[#@]\w+/g, " ")))
    .filter(Boolean)
    .map((text) => ({ text: /[.!?…:;"”')]$/.test(text) ? text : `${text}.`, startSeconds: null }));
}

/**
 * Passages read as one text, split into sentences; each starts when the passage it starts in does. A
 * long text is read in time-ordered parts of at most PART_CHARS, their sentences numbered on.
 */
export function sentencesOf(passages: Passage[]): Sentence[] {
  const sentences: Sentence[] = [];
  let part: Passage[] = [];
  let chars = 0;
  const readPart = () => {
    for (const sentence of sentencesOfPart(part)) sentences.push({ ...sentence, index: sentences.length });
    part = [];
    chars = 0;
  };
  for (const passage of passages) {
    if (part.length > 0 && chars + passage.text.length + 1 > PART_CHARS) readPart();
    part.push(passage);
    chars += passage.text.length + 1;
  }
  readPart();
  return sentences;
}

function sentencesOfPart(passages: Passage[]): Sentence[] {
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

export function termsOfTitle(title: string): Set<string> {
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
export function cleaned(text: string): string {
  return text.replace(/[\s\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, " ").trim();
}

function wordsIn(text: string): string[] {
  return text.split(" ").filter(Boolean);
}

/** A sentence as a reader expects one: capital first letter, not endless. */
export function readable(text: string): string {
  const trimmed = shortened(text.trim(), POINT_MAX_CHARS);
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

export function shortened(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > maxChars / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}
