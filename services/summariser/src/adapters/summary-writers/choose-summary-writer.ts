import type { LimitFunction } from "p-limit";
import type { LlmSettings } from "../../config.ts";
import type { SummaryWriter } from "./summary-writer.ts";

/**
 * The model when one is configured (any OpenAI-compatible server); otherwise the embedded extractive
 * writer. Each is loaded only when chosen: the openai SDK and the NLP model each cost megabytes once
 * imported, and the embedded product should not carry the one it does not use.
 */
export async function chooseSummaryWriter(
  llm: LlmSettings | undefined,
  modelCalls?: LimitFunction,
): Promise<SummaryWriter> {
  if (llm) {
    const { createOpenAiSummaryWriter } = await import("./openai-summary-writer.ts");
    return createOpenAiSummaryWriter(llm, modelCalls);
  }
  const { createExtractiveSummaryWriter } = await import("./extractive-summary-writer.ts");
  return createExtractiveSummaryWriter();
}
