import { type FakeChatRequest, type FakeOpenAiApi, startFakeOpenAiApi } from "@tubedigest/testing/openai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createOpenAiSummaryWriter,
  type OpenAiSummaryWriterSettings,
} from "../src/adapters/summary-writers/openai-summary-writer.ts";
import {
  SummaryFailedError,
  type SummaryInput,
  WriterUnavailableError,
} from "../src/adapters/summary-writers/summary-writer.ts";
import type { Transcript } from "../src/adapters/transcripts/transcript-source.ts";

const MODEL = "gpt-4o-mini";

const VOCABULARY = [
  "bread",
  "flour",
  "water",
  "oven",
  "dough",
  "yeast",
  "salt",
  "knead",
  "proof",
  "crust",
  "crumb",
  "starter",
  "temperature",
  "minutes",
  "hydration",
  "gluten",
  "shape",
  "score",
  "bake",
  "steam",
  "rest",
  "fold",
  "bowl",
  "the",
  "and",
  "then",
  "because",
  "after",
  "before",
  "really",
  "important",
  "simple",
  "method",
  "result",
];

/** Caption segments every `step` seconds for `seconds`, each `words` words of deterministic text. */
function transcriptOf(seconds: number, options: { step?: number; words?: number; language?: string } = {}) {
  const { step = 4, words = 11, language = "en" } = options;
  let seed = 7;
  const word = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return VOCABULARY[seed % VOCABULARY.length];
  };
  const segments = Array.from({ length: Math.floor(seconds / step) }, (_, i) => ({
    startSeconds: i * step,
    text: Array.from({ length: words }, word).join(" "),
  }));
  return { language, kind: "automatic", segments } satisfies Transcript;
}

function videoWith(transcript: Transcript | null, durationSeconds: number | null = null): SummaryInput {
  return {
    video: {
      videoId: "dQw4w9WgXcQ",
      title: "Bread at home",
      description: "How to bake bread at home. We mix, knead and bake. Recipe below.",
      durationSeconds,
    },
    transcript,
  };
}

const PORTUGUESE: Transcript = {
  language: "pt",
  kind: "manual",
  segments: [
    { startSeconds: 0, text: "Olá, hoje vamos fazer pão em casa." },
    { startSeconds: 35, text: "Primeiro misturamos a farinha com a água." },
    { startSeconds: 95, text: "Depois sovamos a massa durante dez minutos." },
    { startSeconds: 200, text: "A massa descansa uma hora num sítio quente." },
    { startSeconds: 330, text: "Por fim, o forno a duzentos e trinta graus." },
  ],
};

const FOUR_HOURS = transcriptOf(4 * 3600);

const formatOf = (request: FakeChatRequest | undefined) => request?.response_format?.json_schema?.name;
const textAt = (transcript: Transcript, seconds: number) =>
  transcript.segments.find((segment) => segment.startSeconds === seconds)?.text ?? "no such segment";
const timesOf = (transcript: Transcript) =>
  new Set(transcript.segments.map((s) => Math.floor(s.startSeconds)));

describe("the OpenAI summary writer, against the fake API through the real SDK", () => {
  let fake: FakeOpenAiApi;
  beforeEach(async () => {
    // Counting as strictly as the writer estimates, so that a prompt sized carelessly is refused.
    fake = await startFakeOpenAiApi({ contextTokens: 8192, charsPerToken: 3.5 });
  });
  afterEach(async () => {
    await fake.close();
  });

  const writerFor = (overrides: Partial<OpenAiSummaryWriterSettings> = {}, api = fake) =>
    createOpenAiSummaryWriter({
      apiKey: api.apiKey,
      baseUrl: api.baseUrl,
      model: MODEL,
      contextTokens: 8192,
      tokenBudgetPerVideo: 200_000,
      concurrency: 4,
      maxRetries: 2,
      timeoutMs: 5_000,
      ...overrides,
    });

  it("summarises a normal video in one call: 3 to 5 key points at times the transcript has", async () => {
    const transcript = transcriptOf(600);
    const summary = await writerFor().write(videoWith(transcript, 600));

    expect(summary.keyPoints.length).toBeGreaterThanOrEqual(3);
    expect(summary.keyPoints.length).toBeLessThanOrEqual(5);
    for (const point of summary.keyPoints) {
      expect(timesOf(transcript)).toContain(point.startSeconds);
      expect(point.text).not.toBe("");
    }
    expect(summary.paragraph).not.toBe("");
    expect(summary).toMatchObject({ basis: "transcript", language: "en", model: MODEL });
    expect(summary.usage).toEqual({
      promptTokens: fake.promptTokens,
      completionTokens: fake.completionTokens,
      calls: 1,
    });
    const [request] = fake.requests;
    expect(request?.response_format).toMatchObject({ type: "json_schema", json_schema: { strict: true } });
    expect(request?.messages[1]?.content).toContain(`[00:00] ${textAt(transcript, 0)}`);
    expect(request?.messages[1]?.content).toContain(textAt(transcript, 596));
  });

  it("writes in the transcript's language and says so in the prompt", async () => {
    const summary = await writerFor().write(videoWith(PORTUGUESE));
    expect(summary.language).toBe("pt");
    expect(summary.basis).toBe("transcript");
    const [system, user] = fake.requests[0]?.messages ?? [];
    expect(system?.content).toContain("(pt)");
    expect(user?.content).toContain("Video language: pt");
    expect(user?.content).toContain("[01:35] Depois sovamos a massa durante dez minutos.");
  });

  it("summarises from title and description when there is no transcript", async () => {
    fake.respondWith(() =>
      JSON.stringify({
        language: "de",
        keyPoints: [1, 2, 3].map((n) => ({ text: `Punkt ${n}.`, startSeconds: 60 * n })),
        paragraph: "Ein Video über Brot.",
      }),
    );
    const summary = await writerFor().write(videoWith(null));
    expect(summary.basis).toBe("description");
    expect(summary.language).toBe("de");
    expect(summary.keyPoints.map((point) => point.startSeconds)).toEqual([null, null, null]);
    const user = fake.requests[0]?.messages[1]?.content;
    expect(user).toContain("Description:\nHow to bake bread at home.");
    expect(user).not.toContain("Transcript");
    expect(user).not.toContain("Video language:");
  });

  it("keeps cited times to the transcript's lines: near ones snapped, invented ones left for the grounding check to drop", async () => {
    fake.respondWith(() =>
      JSON.stringify({
        language: "pt",
        keyPoints: [
          { text: "Mistura.", startSeconds: 35 },
          { text: "Sova.", startSeconds: 100 },
          { text: "Forno.", startSeconds: 5000 },
          { text: "Geral.", startSeconds: null },
        ],
        paragraph: "Pão.",
      }),
    );
    const summary = await writerFor().write(videoWith(PORTUGUESE, 400));
    expect(summary.keyPoints.map((point) => point.startSeconds)).toEqual([35, 95, 5000, null]);
  });

  it("summarises a 4-hour transcript map-reduce within an 8192 context and the budget, usage summed", async () => {
    const budget = 200_000;
    const summary = await writerFor({ tokenBudgetPerVideo: budget }).write(videoWith(FOUR_HOURS, 4 * 3600));

    const maps = fake.requests.filter((request) => formatOf(request) === "video_notes");
    expect(maps.length).toBeGreaterThan(5);
    expect(fake.requests.at(-1)?.response_format?.json_schema?.name).toBe("video_summary");
    expect(fake.calls).toBe(maps.length + 1);
    const shown = maps.map((request) => request.messages[1]?.content ?? "").join("\n");
    for (const segment of FOUR_HOURS.segments) expect(shown).toContain(segment.text);
    expect(summary.keyPoints.length).toBeGreaterThanOrEqual(3);
    for (const point of summary.keyPoints) expect(timesOf(FOUR_HOURS)).toContain(point.startSeconds);
    expect(summary.usage).toEqual({
      promptTokens: fake.promptTokens,
      completionTokens: fake.completionTokens,
      calls: fake.calls,
    });
    expect(summary.usage.promptTokens + summary.usage.completionTokens).toBeLessThanOrEqual(budget);
  });

  it("asks a long video's many parts on one signal without Node's warning of a listener leak", async () => {
    const warnings: string[] = [];
    const heard = (warning: Error) => warnings.push(warning.name);
    process.on("warning", heard);
    try {
      await writerFor().write(videoWith(FOUR_HOURS, 4 * 3600));
      // A warning is emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", heard);
    }
    expect(fake.calls).toBeGreaterThan(10);
    expect(warnings).not.toContain("MaxListenersExceededWarning");
  });

  it("samples a transcript over the token budget evenly from start to end, and stays within it", async () => {
    const budget = 40_000;
    const summary = await writerFor({ tokenBudgetPerVideo: budget }).write(videoWith(FOUR_HOURS, 4 * 3600));

    const shown = fake.requests.map((request) => request.messages[1]?.content ?? "").join("\n");
    expect(shown).toContain(`[00:00] ${textAt(FOUR_HOURS, 0)}`);
    expect(shown).toContain(textAt(FOUR_HOURS, 4 * 3600 - 4));
    expect(shown).not.toContain(textAt(FOUR_HOURS, 3600));
    expect(fake.requests.at(-1)?.messages[0]?.content).toMatch(/spread evenly/);
    expect(summary.usage.calls).toBe(fake.calls);
    expect(summary.usage.promptTokens + summary.usage.completionTokens).toBeLessThanOrEqual(budget);
    expect(summary.usage.promptTokens + summary.usage.completionTokens).toBeGreaterThan(budget / 2);
  });

  it("merges notes that are themselves too long for one prompt (small context), never over it", async () => {
    const small = await startFakeOpenAiApi({ contextTokens: 2048, charsPerToken: 3.5 });
    try {
      const writer = writerFor(
        { contextTokens: 2048, tokenBudgetPerVideo: 1_000_000, concurrency: 8 },
        small,
      );
      const summary = await writer.write(videoWith(transcriptOf(3600), 3600));
      const merges = small.requests.filter((request) => request.messages[0]?.content.includes("Merge them"));
      expect(merges.length).toBeGreaterThan(0);
      expect(summary.keyPoints.length).toBeGreaterThanOrEqual(3);
      expect(summary.usage.calls).toBe(small.calls);
    } finally {
      await small.close();
    }
  });

  it("refuses a context window too small for its prompts", () => {
    expect(() => writerFor({ contextTokens: 1024 })).toThrow(RangeError);
  });

  it("fails the video when the prompt is refused as over the context", async () => {
    const narrow = await startFakeOpenAiApi({ contextTokens: 2048 });
    try {
      const failure = await writerFor({}, narrow)
        .write(videoWith(transcriptOf(600)))
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SummaryFailedError);
      expect((failure as SummaryFailedError).reason).toMatch(/context window/);
    } finally {
      await narrow.close();
    }
  });

  it("retries a 429 after the retry-after the API asks for, then succeeds", async () => {
    fake.fail({ kind: "rateLimited", retryAfterSeconds: 1 }, 1);
    const started = Date.now();
    const summary = await writerFor().write(videoWith(PORTUGUESE));
    // Without the header the SDK's first back-off is at most 0.5 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fake.calls).toBe(2);
    expect(summary.usage.calls).toBe(1);
  });

  it("gives up with WriterUnavailableError when the API keeps failing with 500", async () => {
    fake.fail({ kind: "serverError", status: 500 });
    const failure = writerFor({ maxRetries: 1 }).write(videoWith(PORTUGUESE));
    await expect(failure).rejects.toBeInstanceOf(WriterUnavailableError);
    expect(fake.calls).toBe(2);
  });

  it("counts a wrong API key as the writer's trouble, not the video's", async () => {
    await expect(writerFor({ apiKey: "sk-wrong" }).write(videoWith(PORTUGUESE))).rejects.toBeInstanceOf(
      WriterUnavailableError,
    );
  });

  it("asks again once after a malformed answer, and succeeds with exactly 2 calls", async () => {
    fake.fail({ kind: "malformed" }, 1);
    const summary = await writerFor().write(videoWith(PORTUGUESE));
    expect(summary.keyPoints.length).toBeGreaterThanOrEqual(3);
    expect(fake.calls).toBe(2);
    expect(summary.usage.calls).toBe(2);
  });

  it("fails the video after a second malformed answer, saying why", async () => {
    fake.fail({ kind: "malformed", content: JSON.stringify({ summary: "Bread." }) }, 2);
    const failure = await writerFor()
      .write(videoWith(PORTUGUESE))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SummaryFailedError);
    expect((failure as SummaryFailedError).reason).toMatch(/shape/);
    expect(fake.calls).toBe(2);
  });

  it("counts an answer cut off by the token limit as malformed", async () => {
    fake.fail({ kind: "truncated" }, 2);
    const failure = writerFor().write(videoWith(PORTUGUESE));
    await expect(failure).rejects.toThrow(/cut off/);
    await expect(failure).rejects.toBeInstanceOf(SummaryFailedError);
  });

  it("fails the video when key points are too few, even in valid JSON", async () => {
    fake.respondWith(() =>
      JSON.stringify({ language: "pt", keyPoints: [{ text: "Só um.", startSeconds: 0 }], paragraph: "Pão." }),
    );
    await expect(writerFor().write(videoWith(PORTUGUESE))).rejects.toThrow(/keyPoints/);
  });

  it("retries a request slower than the timeout, and succeeds when the next is quick", async () => {
    // The quick answer must come within the timeout even on a loaded machine, so the timeout is not tight.
    fake.fail({ kind: "slow", delayMs: 3_000 }, 1);
    const summary = await writerFor({ timeoutMs: 1_000, maxRetries: 1 }).write(videoWith(PORTUGUESE));
    expect(summary.basis).toBe("transcript");
    expect(fake.calls).toBe(2);
  });

  it("gives up with WriterUnavailableError when every request is slower than the timeout", async () => {
    fake.fail({ kind: "slow", delayMs: 1_000 });
    const failure = writerFor({ timeoutMs: 150, maxRetries: 1 }).write(videoWith(PORTUGUESE));
    await expect(failure).rejects.toBeInstanceOf(WriterUnavailableError);
    expect(fake.calls).toBe(2);
  });

  it("stops sending a long video's other calls once one has failed for good", async () => {
    fake.fail({ kind: "serverError", status: 503 });
    const failure = writerFor({ maxRetries: 0, concurrency: 2 }).write(videoWith(FOUR_HOURS));
    await expect(failure).rejects.toBeInstanceOf(WriterUnavailableError);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.calls).toBeLessThanOrEqual(2);
  });

  it("keeps at most `concurrency` requests in flight across many parallel writes", async () => {
    const slow = await startFakeOpenAiApi({ latencyMs: 30 });
    try {
      const writer = writerFor({ concurrency: 2 }, slow);
      const summaries = await Promise.all(
        Array.from({ length: 6 }, () => writer.write(videoWith(PORTUGUESE))),
      );
      expect(summaries).toHaveLength(6);
      expect(slow.calls).toBe(6);
      expect(slow.concurrency.max).toBe(2);
    } finally {
      await slow.close();
    }
  });
});
