import type { FakeOpenAiApi } from "@tubedigest/testing/openai";
import { createOpenAiSummaryWriter } from "../../src/adapters/summary-writers/openai-summary-writer.ts";
import type {
  SummaryInput,
  SummaryWriter,
  WrittenSummary,
} from "../../src/adapters/summary-writers/summary-writer.ts";

/** A summary in the writer's shape, quoting the video's first lines (or its title without captions). */
export function plainSummary(input: SummaryInput): WrittenSummary {
  const lines = input.transcript?.segments.slice(0, 3) ?? [];
  return {
    keyPoints:
      lines.length > 0
        ? lines.map((line) => ({ text: line.text, startSeconds: line.startSeconds }))
        : [1, 2, 3].map((n) => ({ text: `${input.video.title}, point ${n}`, startSeconds: null })),
    paragraph: `About ${input.video.title}.`,
    language: input.transcript?.language ?? "en",
    basis: input.transcript ? "transcript" : "description",
    model: "test-writer",
    usage: { promptTokens: 100, completionTokens: 20, calls: 1 },
  };
}

/**
 * A writer the test drives: each write waits until released (or answers at once when open), then
 * answers with `plainSummary` or throws what the test set. Counts writes per video.
 */
export function controlledWriter() {
  const writes: string[] = [];
  let gate: Promise<void> | undefined;
  let release: () => void = () => undefined;
  let failure: (() => Error) | undefined;
  const writer: SummaryWriter = {
    name: "controlled",
    version: "1",
    async write(input) {
      writes.push(input.video.videoId);
      await gate;
      if (failure) throw failure();
      return plainSummary(input);
    },
  };
  return {
    writer,
    writes,
    /** Writes wait from now on until `open()`. */
    hold() {
      gate = new Promise((resolve) => {
        release = resolve;
      });
    },
    open() {
      gate = undefined;
      release();
    },
    failWith(make: (() => Error) | undefined) {
      failure = make;
    },
  };
}

/**
 * The production writer through the real openai SDK against the fake API, one per replica: the leases in
 * the database, not a shared object, must decide who calls the model.
 */
export function openAiWriterFor(fake: FakeOpenAiApi): SummaryWriter {
  return createOpenAiSummaryWriter({
    apiKey: fake.apiKey,
    baseUrl: fake.baseUrl,
    model: "gpt-4o-mini",
    contextTokens: 8_192,
    tokenBudgetPerVideo: 50_000,
    concurrency: 4,
  });
}
