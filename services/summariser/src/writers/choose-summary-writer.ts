import type { LlmSettings } from "../config.ts";
import { createExtractiveSummaryWriter } from "./extractive-summary-writer.ts";
import { createOpenAiSummaryWriter } from "./openai-summary-writer.ts";
import type { SummaryWriter } from "./summary-writer.ts";

/** The model when one is configured (any OpenAI-compatible server); otherwise the embedded extractive writer. */
export function chooseSummaryWriter(llm: LlmSettings | undefined): SummaryWriter {
  return llm ? createOpenAiSummaryWriter(llm) : createExtractiveSummaryWriter();
}
