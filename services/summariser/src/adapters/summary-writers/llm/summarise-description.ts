import type { OpenAiSummaryWriterSettings } from "../openai-summary-writer.ts";
import { SummaryFailedError, type SummaryInput } from "../summary-writer.ts";
import { SUMMARY_FORMAT } from "./answer-formats.ts";
import type { Ask, Run } from "./ask-model.ts";
import { callSize, fitted } from "./call-sizes.ts";
import type { DraftSummary } from "./summarise-transcript.ts";
import type { SummaryTask } from "./summary-prompts.ts";

/** A video without a transcript, summarised from its description, cut to what the budget holds. */
export async function summariseDescription(
  ask: Ask,
  run: Run,
  input: SummaryInput,
  settings: Pick<OpenAiSummaryWriterSettings, "contextTokens" | "tokenBudgetPerVideo">,
): Promise<DraftSummary> {
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
