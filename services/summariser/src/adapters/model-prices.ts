/**
 * What OpenAI charges for the chat models the summariser may be pointed at, in USD per million tokens
 * (standard tier, uncached input). Another OpenAI-compatible server (a local model) or a model missing
 * here is "unpriced": its calls and tokens are counted, its cost is not, and start-up says so once.
 */
export interface ModelPrice {
  input: number;
  output: number;
}

const PRICES: Record<string, ModelPrice> = {
  "gpt-4o-mini": { input: 0.15, output: 0.6 },
  "gpt-4o": { input: 2.5, output: 10 },
  "gpt-4.1-nano": { input: 0.1, output: 0.4 },
  "gpt-4.1-mini": { input: 0.4, output: 1.6 },
  "gpt-4.1": { input: 2, output: 8 },
  "gpt-5-nano": { input: 0.05, output: 0.4 },
  "gpt-5-mini": { input: 0.25, output: 2 },
  "gpt-5": { input: 1.25, output: 10 },
};

/** A model's prices, by its name or a dated snapshot of it ("gpt-4o-mini-2024-07-18"). */
export function modelPriceOf(model: string): ModelPrice | undefined {
  return PRICES[model] ?? PRICES[model.replace(/-\d{4}-\d{2}-\d{2}$/, "")];
}

/** What the tokens of some calls cost at `price`. */
export function modelCostUsd(
  price: ModelPrice,
  usage: { promptTokens: number; completionTokens: number },
): number {
  return (usage.promptTokens * price.input + usage.completionTokens * price.output) / 1_000_000;
}
