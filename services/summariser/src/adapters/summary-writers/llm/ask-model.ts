import type OpenAI from "openai";
import { BadRequestError, UnprocessableEntityError } from "openai";
import type { LimitFunction } from "p-limit";
import { SummaryFailedError, WriterUnavailableError, type WrittenSummary } from "../summary-writer.ts";
import type { AnswerFormat, Checked } from "./answer-formats.ts";
import { promptTokensOf } from "./call-sizes.ts";
import { type ChatMessage, messagesFor, type SummaryTask, type VideoFacts } from "./summary-prompts.ts";
import { estimateTokens } from "./token-estimate.ts";

type Usage = WrittenSummary["usage"];
type ChatCompletion = OpenAI.Chat.Completions.ChatCompletion;

/** One video's calls: what they have cost so far, the signal that cuts them, and the video they are about. */
export interface Run {
  usage: Usage;
  signal: AbortSignal;
  video: VideoFacts;
}

/** One step's answer for a run, in `format`. */
export type Ask = <T>(run: Run, task: SummaryTask, material: string, format: AnswerFormat<T>) => Promise<T>;

/** A run with nothing spent yet. */
export function newRun(video: VideoFacts, signal: AbortSignal): Run {
  return { usage: { promptTokens: 0, completionTokens: 0, calls: 0 }, signal, video };
}

/**
 * Asks the model with strict structured output, within `modelCalls`' concurrency; a malformed answer is
 * asked for again, once. Throws SummaryFailedError for what the video caused, WriterUnavailableError for
 * what the model did.
 */
export function modelAsker(client: OpenAI, model: string, modelCalls: LimitFunction): Ask {
  async function complete(messages: ChatMessage[], format: AnswerFormat<unknown>, signal: AbortSignal) {
    signal.throwIfAborted();
    try {
      return await client.chat.completions.create(
        {
          model,
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

  return async (run, task, material, format) => {
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
