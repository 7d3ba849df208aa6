/**
 * What Gemini charges, in USD per million tokens (the paid tier's standard prices). Audio is dearer than
 * video's frames on Flash and Flash-Lite, and a YouTube video is billed as both; 2.5 Pro charges more
 * for the whole call once the prompt passes 200k tokens, which a video of about half an hour does.
 * A model missing here is "unpriced": its calls are reported at 0 USD with their real token counts,
 * rather than NaN, which would poison every sum it is added to; `isPricedGeminiModel` lets whoever
 * chooses the model say so once, at start-up.
 */
interface GeminiPrice {
  input: number;
  audioInput: number;
  /** Thinking is billed as output. */
  output: number;
  longPrompt?: { aboveTokens: number; input: number; audioInput: number; output: number };
}

const PRICES: Record<string, GeminiPrice> = {
  "gemini-2.5-flash": { input: 0.3, audioInput: 1.0, output: 2.5 },
  "gemini-2.5-flash-lite": { input: 0.1, audioInput: 0.3, output: 0.4 },
  "gemini-2.5-pro": {
    input: 1.25,
    audioInput: 1.25,
    output: 10.0,
    longPrompt: { aboveTokens: 200_000, input: 2.5, audioInput: 2.5, output: 15.0 },
  },
};

/** The tokens of one call, as its `usageMetadata` counts them. */
export interface GeminiUsage {
  /** Every prompt token, the audio's included. */
  promptTokens: number;
  audioPromptTokens: number;
  /** The answer's tokens and the thinking's. */
  outputTokens: number;
}

/** A model's prices: by its name, or by a pinned version ("-001") or preview of a model priced here. */
function priceOf(model: string): GeminiPrice | undefined {
  const name = model.replace(/^models\//, "");
  const base = name.replace(/-(\d{3}|preview(-[\w-]+)?)$/, "");
  return PRICES[name] ?? PRICES[base];
}

export const isPricedGeminiModel = (model: string): boolean => priceOf(model) !== undefined;

/** The call's cost in USD; 0 for an unpriced model. */
export function geminiCostUsd(model: string, usage: GeminiUsage): number {
  const price = priceOf(model);
  if (!price) return 0;
  const rates =
    price.longPrompt && usage.promptTokens > price.longPrompt.aboveTokens ? price.longPrompt : price;
  const audio = Math.min(usage.audioPromptTokens, usage.promptTokens);
  const dollars =
    (usage.promptTokens - audio) * rates.input + audio * rates.audioInput + usage.outputTokens * rates.output;
  return dollars / 1_000_000;
}
