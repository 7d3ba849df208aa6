import type { LimitFunction } from "p-limit";
import type { LlmSettings } from "../config.ts";
import type { ModelUsage } from "../shared/summariser-metrics.ts";
import type { GlanceWriter } from "./glance-writer.ts";

/**
 * The model when one is configured, as for the summaries, and within the same `modelCalls` places;
 * otherwise the embedded writer. `onUsage` is told each model call's tokens.
 */
export async function chooseGlanceWriter(
  llm: LlmSettings | undefined,
  modelCalls?: LimitFunction,
  onUsage?: (usage: ModelUsage) => void,
): Promise<GlanceWriter> {
  if (llm) {
    const { createOpenAiGlanceWriter } = await import("./openai-glance-writer.ts");
    return createOpenAiGlanceWriter(llm, modelCalls, onUsage);
  }
  const { createExtractiveGlanceWriter } = await import("./extractive-glance-writer.ts");
  return createExtractiveGlanceWriter();
}
