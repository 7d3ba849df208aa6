import { describe, expect, it } from "vitest";
import { modelCostUsd, modelPriceOf } from "./model-prices.ts";

describe("model prices", () => {
  it("are found by name or dated snapshot, and missing for a model not listed", () => {
    expect(modelPriceOf("gpt-4o-mini")).toEqual({ input: 0.15, output: 0.6 });
    expect(modelPriceOf("gpt-4o-mini-2024-07-18")).toEqual({ input: 0.15, output: 0.6 });
    // A dated snapshot of one model is never read as another's: "gpt-4o-…" is not "gpt-4o-mini".
    expect(modelPriceOf("gpt-4o-2024-08-06")).toEqual({ input: 2.5, output: 10 });
    expect(modelPriceOf("llama3.1:8b")).toBeUndefined();
    expect(modelPriceOf("gpt-4o-mini-tts")).toBeUndefined();
  });

  it("cost input and output tokens at their own rates", () => {
    const price = { input: 0.15, output: 0.6 };
    expect(modelCostUsd(price, { promptTokens: 1_000_000, completionTokens: 0 })).toBeCloseTo(0.15, 10);
    expect(modelCostUsd(price, { promptTokens: 2_000, completionTokens: 500 })).toBeCloseTo(0.0006, 10);
  });
});
