import type { OpenAiSummaryWriterSettings } from "../openai-summary-writer.ts";
import type { KeyPoint } from "../summary-writer.ts";
import { type AnswerFormat, NOTES_FORMAT, SUMMARY_FORMAT } from "./answer-formats.ts";
import type { PlanLimits } from "./summary-plan.ts";
import {
  type ChatMessage,
  MAX_TITLE_CHARS,
  messagesFor,
  type SummaryTask,
  type VideoFacts,
} from "./summary-prompts.ts";
import { renderLine } from "./timed-lines.ts";
import { estimateTokens } from "./token-estimate.ts";

/** Tokens the API adds around each message and the prompt, with room for numbers that vary per call. */
const FRAMING_TOKENS = 32;
/**
 * A notes answer cannot take more than its max tokens; shown again as lines it takes about as many, give or
 * take how the estimate differs from the real tokenizer and the timestamps in front of each note.
 */
const NOTES_PER_PART = Math.ceil(NOTES_FORMAT.maxTokens * 1.2);
/** The longest title in the densest script: the prompts must fit with it. */
export const WORST_VIDEO: VideoFacts = { title: "語".repeat(MAX_TITLE_CHARS), language: "zh-Hant-TW" };

/** What a transcript line or a note costs as the model is shown it. */
export const lineTokens = (line: KeyPoint) => estimateTokens(renderLine(line)) + 1;

/** The prompt's tokens by estimate: the messages, the answer's schema and the API's framing. */
export function promptTokensOf(messages: ChatMessage[], format: AnswerFormat<unknown>): number {
  const text = messages.reduce((sum, message) => sum + estimateTokens(message.content), 0);
  return text + estimateTokens(JSON.stringify(format.schema)) + FRAMING_TOKENS;
}

/** What a call for `task` can hold of material within the context, and what it costs besides. */
export function callSize(
  task: SummaryTask,
  format: AnswerFormat<unknown>,
  video: VideoFacts,
  contextTokens: number,
) {
  const overhead = promptTokensOf(messagesFor(task, video, ""), format);
  return { capacity: contextTokens - overhead - format.maxTokens, cost: overhead + format.maxTokens };
}

/** What each kind of call can hold for this video, within the context and the video's token budget. */
export function planLimits(video: VideoFacts, settings: OpenAiSummaryWriterSettings): PlanLimits {
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
export function assertContextSuffices(limits: PlanLimits, contextTokens: number): void {
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
export function fitted(text: string, tokens: number): string {
  let fitting = text;
  while (estimateTokens(fitting) > tokens) fitting = fitting.slice(0, Math.floor(fitting.length * 0.9));
  return fitting;
}
