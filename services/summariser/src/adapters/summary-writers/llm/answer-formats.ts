import Type, { type Static, type TSchema } from "typebox";
import Compile from "typebox/compile";
import type { KeyPoint } from "../summary-writer.ts";

/** What the model answered, checked: the value, or why it is not usable. */
export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * A structured answer the model is asked for: the JSON schema sent as `response_format` (strict mode
 * takes only a subset of JSON Schema: closed objects, every property required, no string lengths), the
 * most tokens it may take, and the checks the schema cannot say.
 */
export interface AnswerFormat<T> {
  name: string;
  schema: TSchema;
  maxTokens: number;
  read(content: string): Checked<T>;
}

export const MAX_KEY_POINT_CHARS = 250;
export const MAX_PARAGRAPH_CHARS = 1_000;
export const MAX_NOTE_CHARS = 200;
export const MAX_NOTES = 5;

const TimedPoint = Type.Object(
  { text: Type.String(), startSeconds: Type.Union([Type.Number(), Type.Null()]) },
  { additionalProperties: false },
);

const SummaryAnswer = Type.Object(
  {
    language: Type.String(),
    keyPoints: Type.Array(TimedPoint, { minItems: 3, maxItems: 5 }),
    paragraph: Type.String(),
  },
  { additionalProperties: false },
);

const NotesAnswer = Type.Object(
  { notes: Type.Array(TimedPoint, { maxItems: MAX_NOTES }) },
  { additionalProperties: false },
);

/** At most this many notes per chapter of a long video: each chapter's section in the summary. */
export const MAX_CHAPTER_NOTES = 3;

export type SummaryAnswer = Static<typeof SummaryAnswer>;
export type NotesAnswer = Static<typeof NotesAnswer>;

/** A BCP 47 tag as models write them: "en", "pt-BR", "zh-Hant". */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

const summaryValidator = Compile(SummaryAnswer);

/** The summary: 3 to 5 key points of a sentence each and a paragraph, in the language it names. */
export const SUMMARY_FORMAT: AnswerFormat<SummaryAnswer> = {
  name: "video_summary",
  schema: SummaryAnswer,
  // Five key points and a paragraph at their longest, in JSON, with room to spare.
  maxTokens: 800,
  read(content) {
    const parsed = validJson(content, summaryValidator);
    if (!parsed.ok) return parsed;
    const { language, keyPoints, paragraph } = parsed.value;
    if (!LANGUAGE_TAG.test(language)) return { ok: false, reason: `"${language}" is not a language code` };
    const points = trimmedPoints(keyPoints, MAX_KEY_POINT_CHARS, "key point");
    if (!points.ok) return points;
    const text = boundedText(paragraph, MAX_PARAGRAPH_CHARS, "the paragraph");
    if (!text.ok) return text;
    return { ok: true, value: { language, keyPoints: points.value, paragraph: text.value } };
  },
};

/** Timed notes, at most `maxItems`, each a sentence of at most MAX_NOTE_CHARS. */
function notesFormat(name: string, maxItems: number, maxTokens: number): AnswerFormat<NotesAnswer> {
  const schema = Type.Object(
    { notes: Type.Array(TimedPoint, { maxItems }) },
    { additionalProperties: false },
  );
  const validator = Compile(schema);
  return {
    name,
    schema,
    maxTokens,
    read(content) {
      const parsed = validJson(content, validator as Validator<NotesAnswer>);
      if (!parsed.ok) return parsed;
      const notes = trimmedPoints(parsed.value.notes, MAX_NOTE_CHARS, "note");
      return notes.ok ? { ok: true, value: { notes: notes.value } } : notes;
    },
  };
}

/** Notes on one part of a long transcript (or merged notes): at most five, each with its time. */
export const NOTES_FORMAT = notesFormat("video_notes", MAX_NOTES, 400);

/** Notes on one chapter of a long video: at most three, each with its time. */
export const CHAPTER_NOTES_FORMAT = notesFormat("chapter_notes", MAX_CHAPTER_NOTES, 300);

export interface TranslationAnswer {
  points: string[];
  paragraph: string;
  titles: string[];
}

/**
 * A summary translated: exactly as many points (the key points, then each chapter's) and chapter titles
 * as the original has, in its order, so each keeps its moment.
 */
export function translationFormat(points: number, titles: number): AnswerFormat<TranslationAnswer> {
  const schema = Type.Object(
    {
      points: Type.Array(Type.String(), { minItems: points, maxItems: points }),
      paragraph: Type.String(),
      titles: Type.Array(Type.String(), { minItems: titles, maxItems: titles }),
    },
    { additionalProperties: false },
  );
  const validator = Compile(schema);
  return {
    name: "summary_translation",
    schema,
    maxTokens: 300 + 120 * (points + titles),
    read(content) {
      const parsed = validJson(content, validator as Validator<TranslationAnswer>);
      if (!parsed.ok) return parsed;
      const texts: string[] = [];
      for (const [i, point] of parsed.value.points.entries()) {
        const text = boundedText(point, MAX_KEY_POINT_CHARS, `point ${i + 1}`);
        if (!text.ok) return text;
        texts.push(text.value);
      }
      const paragraph = boundedText(parsed.value.paragraph, MAX_PARAGRAPH_CHARS, "the paragraph");
      if (!paragraph.ok) return paragraph;
      const titles = parsed.value.titles.map((title) => title.trim().slice(0, MAX_NOTE_CHARS));
      return { ok: true, value: { points: texts, paragraph: paragraph.value, titles } };
    },
  };
}

/** A compiled schema, as this file uses one. */
interface Validator<T> {
  Check(value: unknown): value is T;
  Errors(value: unknown): Iterable<{ instancePath: string; message: string }>;
}

/** The answer's JSON when it has the shape the validator checks, or why not. */
function validJson<T>(content: string, validator: Validator<T>): Checked<T> {
  const parsed = parsedJson(content);
  if (!parsed.ok) return parsed;
  return validator.Check(parsed.value)
    ? { ok: true, value: parsed.value }
    : { ok: false, reason: firstError(validator, parsed.value) };
}

function parsedJson(content: string): Checked<unknown> {
  try {
    return { ok: true, value: JSON.parse(content) };
  } catch {
    return { ok: false, reason: `the answer is not JSON: ${JSON.stringify(content.slice(0, 80))}` };
  }
}

function firstError(validator: Validator<unknown>, value: unknown): string {
  const [error] = validator.Errors(value);
  return `the answer is not in the asked shape: ${error?.instancePath || "/"} ${error?.message ?? ""}`.trim();
}

function trimmedPoints(points: KeyPoint[], maxChars: number, what: string): Checked<KeyPoint[]> {
  const trimmed: KeyPoint[] = [];
  for (const [i, point] of points.entries()) {
    const text = boundedText(point.text, maxChars, `${what} ${i + 1}`);
    if (!text.ok) return text;
    trimmed.push({ text: text.value, startSeconds: point.startSeconds });
  }
  return { ok: true, value: trimmed };
}

function boundedText(text: string, maxChars: number, what: string): Checked<string> {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, reason: `${what} is empty` };
  if (trimmed.length > maxChars) return { ok: false, reason: `${what} is over ${maxChars} characters` };
  return { ok: true, value: trimmed };
}
