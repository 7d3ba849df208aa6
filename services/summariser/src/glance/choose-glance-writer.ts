import type { LlmSettings } from "../config.ts";
import type { GlanceWriter } from "./glance-writer.ts";

/** The model when one is configured, as for the summaries; otherwise the embedded writer. */
export async function chooseGlanceWriter(llm: LlmSettings | undefined): Promise<GlanceWriter> {
  if (llm) {
    const { createOpenAiGlanceWriter } = await import("./openai-glance-writer.ts");
    return createOpenAiGlanceWriter(llm);
  }
  const { createExtractiveGlanceWriter } = await import("./extractive-glance-writer.ts");
  return createExtractiveGlanceWriter();
}
