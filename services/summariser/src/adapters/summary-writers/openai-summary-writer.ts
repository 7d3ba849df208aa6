import { setMaxListeners } from "node:events";
import { languageName } from "@tubedigest/contracts/digest";
import type OpenAI from "openai";
import { BadRequestError, UnprocessableEntityError } from "openai";
import pLimit, { type LimitFunction } from "p-limit";
import { byChapter, type Chapter, chaptersOf, LONG_VIDEO_SECONDS } from "./chapters.ts";
import {
  type AnswerFormat,
  CHAPTER_NOTES_FORMAT,
  type Checked,
  MAX_CHAPTER_NOTES,
  NOTES_FORMAT,
  SUMMARY_FORMAT,
  type SummaryAnswer,
  translationFormat,
} from "./llm/answer-formats.ts";
import { openAiClient } from "./llm/openai-client.ts";
import { type PlanLimits, packed, planSummary, reduceCost } from "./llm/summary-plan.ts";
import {
  type ChatMessage,
  MAX_TITLE_CHARS,
  messagesFor,
  type SummaryTask,
  type VideoFacts,
} from "./llm/summary-prompts.ts";
import { citedTime, renderLine, renderLines, type TimedLine, timedLinesOf } from "./llm/timed-lines.ts";
import { estimateTokens } from "./llm/token-estimate.ts";
import { SUMMARY_PROMPT_VERSION } from "./prompt-version.ts";
import {
  type KeyPoint,
  SummaryFailedError,
  type SummaryInput,
  type SummarySection,
  type SummaryWriter,
  WriterUnavailableError,
  type WrittenSummary,
} from "./summary-writer.ts";

export interface OpenAiSummaryWriterSettings {
  apiKey: string;
  /** Any OpenAI-compatible server (Ollama, vLLM…); OpenAI's own when absent. */
  baseUrl?: string | undefined;
  model: string;
  /** The model's context window: no request is sent that would not fit in it, answer included. */
  contextTokens: number;
  /** The most all calls for one video may cost together (estimated); longer transcripts are sampled. */
  tokenBudgetPerVideo: number;
  /** Model calls in flight at once, across all the videos this writer summarises and the digests' glances. */
  concurrency: number;
  /** Retries of a request that met 429, 5xx, a timeout or a broken connection (the SDK's, with back-off). */
  maxRetries?: number | undefined;
  /** How long one request may take before it is retried. */
  timeoutMs?: number | undefined;
}

export const DEFAULT_MAX_RETRIES = 3;
export const DEFAULT_TIMEOUT_MS = 60_000;
/** Tokens the API adds around each message and the prompt, with room for numbers that vary per call. */
const FRAMING_TOKENS = 32;
/**
 * A notes answer cannot take more than its max tokens; shown again as lines it takes about as many, give or
 * take how the estimate differs from the real tokenizer and the timestamps in front of each note.
 */
const NOTES_PER_PART = Math.ceil(NOTES_FORMAT.maxTokens * 1.2);
/** The longest title in the densest script: the prompts must fit with it. */
const WORST_VIDEO: VideoFacts = { title: "語".repeat(MAX_TITLE_CHARS), language: "zh-Hant-TW" };

type Usage = WrittenSummary["usage"];
type Summary = Omit<WrittenSummary, "model" | "usage">;
type ChatCompletion = OpenAI.Chat.Completions.ChatCompletion;

/**
 * The LLM writer: a faithful summary in the video's language with the `openai` SDK's chat completions and
 * strict structured output. A transcript too long for the context window is summarised map-reduce (notes on
 * each part, then a summary of the notes); one too long for the token budget is sampled evenly from start
 * to end. Throws SummaryFailedError when the video cannot be summarised (the model keeps answering in the
 * wrong shape, the prompt is refused), WriterUnavailableError when the model cannot be reached after retries.
 */
export function createOpenAiSummaryWriter(
  settings: OpenAiSummaryWriterSettings,
  modelCalls: LimitFunction = pLimit(settings.concurrency),
): SummaryWriter {
  const client = openAiClient({
    apiKey: settings.apiKey,
    baseUrl: settings.baseUrl,
    maxRetries: settings.maxRetries ?? DEFAULT_MAX_RETRIES,
    timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const limitsFor = (video: VideoFacts) => planLimits(video, settings);
  assertContextSuffices(limitsFor(WORST_VIDEO), settings.contextTokens);

  async function complete(messages: ChatMessage[], format: AnswerFormat<unknown>, signal: AbortSignal) {
    signal.throwIfAborted();
    try {
      return await client.chat.completions.create(
        {
          model: settings.model,
          messages,
          response_format: {
            type: "json_schema",
            json_schema: {
              name: format.name,
              schema: format.schema as Record<string, unknown>,
              strict: true,
            },
          },
          max_completion_tokens: format.maxTokens,
        },
        { signal },
      );
    } catch (error) {
      throw failureOf(error);
    }
  }

  /** One step's answer; a malformed one is asked for again, once. */
  async function ask<T>(run: Run, task: SummaryTask, material: string, format: AnswerFormat<T>): Promise<T> {
    const messages = messagesFor(task, run.video, material);
    let problem = "";
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const completion = await modelCalls(() => complete(messages, format, run.signal));
      countUsage(run.usage, completion, promptTokensOf(messages, format));
      const answer = answerOf(completion, format);
      if (answer.ok) return answer.value;
      problem = answer.reason;
    }
    throw new SummaryFailedError(`the model answered twice in a shape that cannot be used: ${problem}`);
  }

  async function fromDescription(run: Run, input: SummaryInput): Promise<Summary> {
    const task: SummaryTask = { kind: "summaryFromDescription" };
    const size = callSize(task, SUMMARY_FORMAT, run.video, settings.contextTokens);
    const room = Math.min(size.capacity, settings.tokenBudgetPerVideo - size.cost);
    if (room <= 0) throw new SummaryFailedError("the token budget cannot hold a summary of the description");
    const description = input.video.description.trim();
    const answer = await ask(run, task, fitted(description, room), SUMMARY_FORMAT);
    return {
      keyPoints: answer.keyPoints.map((point) => ({ text: point.text, startSeconds: null })),
      paragraph: answer.paragraph,
      language: answer.language,
      basis: "description",
    };
  }

  async function fromTranscript(run: Run, lines: TimedLine[], chapters: Chapter[]): Promise<Summary> {
    const limits = limitsFor(run.video);
    const tokens = lines.map(lineTokens);
    const byChapters = chapters.length > 0 ? chapterPlan(lines, chapters, limits) : null;
    if (byChapters) return summaryByChapter(run, byChapters, limits);
    const plan = planSummary(lines, tokens, limits);
    if (plan === null) {
      throw new SummaryFailedError(
        `the token budget of ${settings.tokenBudgetPerVideo} cannot hold even two excerpts of the transcript`,
      );
    }
    if (plan.kind === "single") {
      const task: SummaryTask = { kind: "summary", sampled: plan.sampled };
      const answer = await ask(run, task, plan.excerpts.map(renderLines).join("\n[...]\n"), SUMMARY_FORMAT);
      return transcriptSummary(answer, plan.excerpts.flat(), run.video);
    }
    const parts = plan.parts.filter((part) => part.length > 0);
    const notes = await Promise.all(
      parts.map(async (part, i) => {
        const task: SummaryTask = { kind: "partNotes", part: i + 1, parts: parts.length };
        const answer = await ask(run, task, renderLines(part), NOTES_FORMAT);
        return heldToShown(answer.notes, part);
      }),
    );
    return reduce(run, notes.flat(), plan.sampled, limits);
  }

  /**
   * A long video with chapters: notes on each chapter (one call per part that fits the context), which
   * become its section, then the summary of all the notes in time order.
   */
  async function summaryByChapter(run: Run, plan: ChapterPlan, limits: PlanLimits): Promise<Summary> {
    const count = plan.length;
    const sections = await Promise.all(
      plan.map(async ({ chapter, parts }, index): Promise<SummarySection> => {
        const notes = await Promise.all(
          parts.map(async (part) => {
            const task: SummaryTask = { kind: "chapterNotes", chapter: index + 1, chapters: count };
            const material = `${chapter.title.replace(/\s+/g, " ")}\n${renderLines(part)}`;
            const answer = await ask(run, task, material, CHAPTER_NOTES_FORMAT);
            return heldToShown(answer.notes, part);
          }),
        );
        return {
          title: chapter.title,
          startSeconds: chapter.startSeconds,
          keyPoints: spread(notes.flat(), MAX_CHAPTER_NOTES),
        };
      }),
    );
    const summary = await reduce(
      run,
      sections.flatMap((section) => section.keyPoints),
      false,
      limits,
    );
    return { ...summary, sections: sections.filter((section) => section.keyPoints.length > 0) };
  }

  /** The summary of notes that fit one prompt; merged into fewer notes first while they do not. */
  async function reduce(run: Run, notes: KeyPoint[], sampled: boolean, limits: PlanLimits): Promise<Summary> {
    if (notes.length === 0) throw new SummaryFailedError("the model found nothing to note in the transcript");
    const tokens = notes.map(lineTokens);
    const total = tokens.reduce((sum, count) => sum + count, 0);
    if (total <= limits.summaryFromNotes.capacity) {
      const answer = await ask(
        run,
        { kind: "summaryFromNotes", sampled },
        renderLines(notes),
        SUMMARY_FORMAT,
      );
      return transcriptSummary(answer, notes, run.video);
    }
    const groups = packed(notes, tokens, limits.mergeNotes.capacity);
    const merged = await Promise.all(
      groups.map(async (group) => {
        const answer = await ask(run, { kind: "mergeNotes" }, renderLines(group), NOTES_FORMAT);
        return heldToShown(answer.notes, group);
      }),
    );
    const fewer = merged.flat();
    if (fewer.map(lineTokens).reduce((sum, count) => sum + count, 0) >= total) {
      throw new SummaryFailedError("the notes on the transcript's parts grew when merged");
    }
    return reduce(run, fewer, sampled, limits);
  }

  return {
    name: "openai",
    version: SUMMARY_PROMPT_VERSION,
    async write(input) {
      const lines = input.transcript ? linesWithinVideo(input) : [];
      const language = lines.length > 0 ? (input.transcript?.language ?? null) : null;
      const controller = new AbortController();
      // The SDK listens on the signal for each call and lets go only when it fires, so a long video's
      // many parts keep many listeners on it until the write ends: not a leak, and not worth Node's warning.
      setMaxListeners(0, controller.signal);
      const run: Run = {
        usage: { promptTokens: 0, completionTokens: 0, calls: 0 },
        signal: controller.signal,
        video: { title: input.video.title, language },
      };
      const long = (input.video.durationSeconds ?? lines.at(-1)?.startSeconds ?? 0) >= LONG_VIDEO_SECONDS;
      const chapters = long ? chaptersOf(input.video.description, input.video.durationSeconds) : [];
      try {
        const summary =
          lines.length > 0 ? await fromTranscript(run, lines, chapters) : await fromDescription(run, input);
        return { ...summary, model: settings.model, usage: run.usage };
      } catch (error) {
        // The other calls for this video are of no use now: those waiting are not sent, those sent are cut.
        controller.abort();
        throw error;
      }
    },
    async translate(summary, language, title) {
      const sections = summary.sections ?? [];
      const points = [...summary.keyPoints, ...sections.flatMap((section) => section.keyPoints)];
      const name = languageName(language) ?? language;
      const run: Run = {
        usage: { promptTokens: 0, completionTokens: 0, calls: 0 },
        signal: new AbortController().signal,
        video: { title, language: summary.language },
      };
      const numbered = (texts: string[]) =>
        texts.map((text, i) => `${i + 1}. ${text.replace(/\s+/g, " ")}`).join("\n");
      const material = [
        "Points:",
        numbered(points.map((point) => point.text)),
        "Paragraph:",
        summary.paragraph,
        "Chapter titles:",
        numbered(sections.map((section) => section.title)),
      ].join("\n");
      const format = translationFormat(points.length, sections.length);
      const answer = await ask(run, { kind: "translation", language, name }, material, format);
      const translated = points.map((point, i) => ({ ...point, text: answer.points[i] ?? point.text }));
      let next = summary.keyPoints.length;
      return {
        ...summary,
        keyPoints: translated.slice(0, summary.keyPoints.length),
        paragraph: answer.paragraph,
        sections: sections.map((section, i) => {
          const keyPoints = translated.slice(next, next + section.keyPoints.length);
          next += section.keyPoints.length;
          return { ...section, title: answer.titles[i] || section.title, keyPoints };
        }),
        language,
        model: settings.model,
        usage: run.usage,
      };
    },
  };
}

/** A long video's transcript lines by chapter, each chapter's in parts that fit one call. */
type ChapterPlan = { chapter: Chapter; parts: TimedLine[][] }[];

/**
 * The chapters and their parts, when reading every chapter whole fits the token budget; null otherwise
 * (the transcript is then summarised by the plan that fits: parts, or excerpts).
 */
function chapterPlan(lines: TimedLine[], chapters: Chapter[], limits: PlanLimits): ChapterPlan | null {
  const plan = byChapter(lines, chapters)
    .map((chapterLines, i) => ({
      chapter: chapters[i] as Chapter,
      parts: packed(chapterLines, chapterLines.map(lineTokens), limits.partNotes.capacity),
    }))
    .filter((entry) => entry.parts.length > 0);
  const calls = plan.reduce((sum, entry) => sum + entry.parts.length, 0);
  const material = lines.reduce((sum, line) => sum + lineTokens(line), 0);
  const cost = material + calls * limits.partNotes.cost + reduceCost(plan.length, limits);
  return plan.length > 0 && cost <= limits.budget ? plan : null;
}

/** At most `most` items, spread from the first to the last. */
function spread<T>(items: T[], most: number): T[] {
  if (items.length <= most) return items;
  const step = (items.length - 1) / (most - 1);
  return Array.from({ length: most }, (_, i) => items[Math.round(i * step)] as T);
}

interface Run {
  usage: Usage;
  signal: AbortSignal;
  video: VideoFacts;
}

/** Captions past the video's end are not the video's (a known length of 0 is a live stream's: unknown). */
function linesWithinVideo(input: SummaryInput): TimedLine[] {
  const lines = timedLinesOf(input.transcript?.segments ?? []);
  const duration = input.video.durationSeconds;
  return duration ? lines.filter((line) => line.startSeconds <= duration) : lines;
}

const lineTokens = (line: KeyPoint) => estimateTokens(renderLine(line)) + 1;

function promptTokensOf(messages: ChatMessage[], format: AnswerFormat<unknown>): number {
  const text = messages.reduce((sum, message) => sum + estimateTokens(message.content), 0);
  return text + estimateTokens(JSON.stringify(format.schema)) + FRAMING_TOKENS;
}

/** What a call for `task` can hold of material within the context, and what it costs besides. */
function callSize(
  task: SummaryTask,
  format: AnswerFormat<unknown>,
  video: VideoFacts,
  contextTokens: number,
) {
  const overhead = promptTokensOf(messagesFor(task, video, ""), format);
  return { capacity: contextTokens - overhead - format.maxTokens, cost: overhead + format.maxTokens };
}

function planLimits(video: VideoFacts, settings: OpenAiSummaryWriterSettings): PlanLimits {
  const sizeOf = (task: SummaryTask, format: AnswerFormat<unknown>) =>
    callSize(task, format, video, settings.contextTokens);
  return {
    budget: settings.tokenBudgetPerVideo,
    summary: sizeOf({ kind: "summary", sampled: true }, SUMMARY_FORMAT),
    partNotes: sizeOf({ kind: "partNotes", part: 1, parts: 1 }, NOTES_FORMAT),
    mergeNotes: sizeOf({ kind: "mergeNotes" }, NOTES_FORMAT),
    summaryFromNotes: sizeOf({ kind: "summaryFromNotes", sampled: true }, SUMMARY_FORMAT),
    notesPerPart: NOTES_PER_PART,
  };
}

/** Notes must shrink when merged, and the notes on one part must fit the summary's prompt. */
function assertContextSuffices(limits: PlanLimits, contextTokens: number): void {
  if (
    limits.mergeNotes.capacity >= 2 * NOTES_PER_PART &&
    limits.summaryFromNotes.capacity >= NOTES_PER_PART
  ) {
    return;
  }
  throw new RangeError(
    `contextTokens ${contextTokens} is too small for the summary prompts and their answers`,
  );
}

/** The text cut to fit `tokens`. */
function fitted(text: string, tokens: number): string {
  let fitting = text;
  while (estimateTokens(fitting) > tokens) fitting = fitting.slice(0, Math.floor(fitting.length * 0.9));
  return fitting;
}

/** Times held to those of the lines or notes the model was shown: invented ones become null. */
function heldToShown(points: KeyPoint[], shown: readonly KeyPoint[]): KeyPoint[] {
  const times = shown.flatMap((line) => (line.startSeconds === null ? [] : [line.startSeconds]));
  return points.map((point) => ({ text: point.text, startSeconds: citedTime(point.startSeconds, times) }));
}

/**
 * The summary's points with their times held to those shown; a time near nothing shown is kept as the model
 * gave it, for the grounding check to drop the point: a point at an invented moment is not to be trusted.
 */
function transcriptSummary(answer: SummaryAnswer, shown: readonly KeyPoint[], video: VideoFacts): Summary {
  const held = heldToShown(answer.keyPoints, shown);
  return {
    keyPoints: held.map((point, i) => ({
      ...point,
      startSeconds: point.startSeconds ?? answer.keyPoints[i]?.startSeconds ?? null,
    })),
    paragraph: answer.paragraph,
    // The transcript's language is known; what the model calls it ("pt" for "pt-BR") is not more exact.
    language: video.language ?? answer.language,
    basis: "transcript",
  };
}

function answerOf<T>(completion: ChatCompletion, format: AnswerFormat<T>): Checked<T> {
  const choice = completion.choices[0];
  if (!choice) return { ok: false, reason: "the answer has no choices" };
  if (choice.finish_reason === "length") {
    return { ok: false, reason: `the answer was cut off at ${format.maxTokens} tokens` };
  }
  if (choice.finish_reason === "content_filter") return { ok: false, reason: "the answer was filtered" };
  if (choice.message.refusal) return { ok: false, reason: `the model refused: ${choice.message.refusal}` };
  if (!choice.message.content) return { ok: false, reason: "the answer is empty" };
  return format.read(choice.message.content);
}

/** Servers that report no usage are counted by estimate, so the budget still means something. */
function countUsage(usage: Usage, completion: ChatCompletion, estimatedPrompt: number): void {
  usage.calls += 1;
  usage.promptTokens += completion.usage?.prompt_tokens ?? estimatedPrompt;
  usage.completionTokens +=
    completion.usage?.completion_tokens ?? estimateTokens(completion.choices[0]?.message.content ?? "");
}

/**
 * What a failed request means once the SDK's retries are spent: a refused prompt is the video's (it would be
 * refused again); anything else (429, 5xx, timeouts, connection, authentication) is the model's, for later.
 */
function failureOf(error: unknown): Error {
  if (error instanceof BadRequestError && error.code === "context_length_exceeded") {
    return new SummaryFailedError("the prompt was over the model's context window", { cause: error });
  }
  if (error instanceof BadRequestError || error instanceof UnprocessableEntityError) {
    return new SummaryFailedError(`the model refused the request: ${error.message}`, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new WriterUnavailableError(`the model could not be asked: ${message}`, { cause: error });
}
