import { byChapter, chaptersOf, LONG_VIDEO_SECONDS } from "./chapters.ts";
import { leansOnWhatCameBefore, withAntecedents } from "./extractive/leaning-sentences.ts";
import { distinct, isUsable, ranking } from "./extractive/sentence-ranking.ts";
import {
  cleaned,
  passagesOfDescription,
  passagesOfTranscript,
  readable,
  type Sentence,
  sentencesOf,
  shortened,
  termsOfTitle,
} from "./extractive/sentences.ts";
import type {
  KeyPoint,
  SummaryInput,
  SummarySection,
  SummaryWriter,
  WrittenSummary,
} from "./summary-writer.ts";

/** Change whenever the writer would pick differently, so stored summaries are written anew. */
const EXTRACTIVE_VERSION = "2026-11-30.1";
/** Points per chapter of a long video. */
const SECTION_POINTS = 2;
const MIN_KEY_POINTS = 3;
const MAX_KEY_POINTS = 5;
const SENTENCES_PER_KEY_POINT = 4;
const PARAGRAPH_SENTENCES = 3;
const PARAGRAPH_MAX_CHARS = 400;

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
  // A point must stand on its own: "That step is called deglazing" means nothing without the step.
  const standalone = {
    ...ranked,
    sentences: ranked.sentences.filter((sentence) => !leansOnWhatCameBefore(sentence)),
  };
  const count = Math.min(
    MAX_KEY_POINTS,
    Math.max(MIN_KEY_POINTS, Math.ceil(ranked.sentences.length / SENTENCES_PER_KEY_POINT)),
  );
  const chosen = distinct(standalone, [], count);
  const points = [...chosen].sort((a, b) => a.index - b.index).map(keyPointOf);
  const padding = distinct(ranking(written, titleTerms), chosen, MAX_KEY_POINTS).map(keyPointOf);
  const keyPoints = padded(points, padding, input, "The captions say little more than this.");
  const rest = distinct(ranked, chosen, PARAGRAPH_SENTENCES);
  const sections = sectionsOf(spoken, input);
  return {
    keyPoints,
    paragraph: paragraphOf(withAntecedents(rest.length > 0 ? rest : chosen, spoken), keyPoints),
    ...(sections.length > 0 ? { sections } : {}),
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

/** A long video's chapters, each with its own most central sentences that stand on their own. */
function sectionsOf(spoken: Sentence[], input: SummaryInput): SummarySection[] {
  const duration = input.video.durationSeconds ?? spoken.at(-1)?.startSeconds ?? 0;
  if (duration < LONG_VIDEO_SECONDS) return [];
  const chapters = chaptersOf(input.video.description, input.video.durationSeconds);
  const timed = spoken.filter(
    (sentence): sentence is Sentence & { startSeconds: number } => sentence.startSeconds !== null,
  );
  return byChapter(timed, chapters).flatMap((sentences, i) => {
    const chapter = chapters[i];
    const ranked = ranking(sentences, termsOfTitle(chapter?.title ?? ""));
    const standalone = {
      ...ranked,
      sentences: ranked.sentences.filter((sentence) => !leansOnWhatCameBefore(sentence)),
    };
    const points = distinct(standalone, [], SECTION_POINTS)
      .sort((a, b) => a.index - b.index)
      .map(keyPointOf);
    return chapter && points.length > 0 ? [{ ...chapter, keyPoints: points }] : [];
  });
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
