import { type FakeGeminiApi, type FakeGeminiFault, startFakeGeminiApi } from "@tubedigest/testing/gemini";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { geminiCostUsd, isPricedGeminiModel } from "../src/adapters/transcripts/gemini-prices.ts";
import {
  createGeminiTranscriptSource,
  type GeminiCost,
  type GeminiTranscriptSettings,
} from "../src/adapters/transcripts/gemini-transcript-source.ts";
import { stepFailure } from "../src/adapters/transcripts/step-failure.ts";
import { TranscriptUnavailableError } from "../src/adapters/transcripts/transcript-source.ts";

const TALK = "ccccccccccc";
const MUSIC = "ddddddddddd";
const PRIVATE = "eeeeeeeeeee";

describe("Gemini as a transcript source, through the real SDK against the fake Gemini API", () => {
  let gemini: FakeGeminiApi;
  let costs: GeminiCost[];

  beforeAll(async () => {
    gemini = await startFakeGeminiApi({ thoughtsTokens: 50, models: ["gemini-2.5-flash", "gemini-9-ultra"] });
    gemini.addVideo({
      id: TALK,
      language: "pt-br",
      durationSeconds: 600,
      segments: [
        { startSeconds: 4, text: "Bom dia a todos." },
        { startSeconds: 65, text: "Hoje  falamos de pão." },
        { startSeconds: 590, text: "Até à próxima." },
      ],
    });
    gemini.addVideo({ id: MUSIC, language: "en", segments: [], noSpeech: true, durationSeconds: 200 });
  });
  afterAll(() => gemini.close());
  afterEach(() => {
    gemini.heal();
    gemini.requests.length = 0;
  });

  const source = (settings: Partial<GeminiTranscriptSettings> = {}) => {
    costs = [];
    return createGeminiTranscriptSource(
      {
        apiKey: gemini.apiKey,
        baseUrl: gemini.baseUrl,
        model: "gemini-2.5-flash",
        maxMinutes: 30,
        requestTimeoutMs: 2_000,
        retryDelayMs: 10,
        ...settings,
      },
      (cost) => costs.push(cost),
    );
  };

  /** The step's error and the outcome the chain would report for it. */
  async function failureOf(promise: Promise<unknown>) {
    const error = await promise.then(
      () => expect.unreachable("the step answered"),
      (thrown: unknown) => thrown,
    );
    return { error, outcome: stepFailure(error) };
  }

  it("serves the speech it hears as a timed transcript, in the language it names", async () => {
    const gemini_ = source();
    expect(gemini_.name).toBe("gemini");
    expect(await gemini_.fetch({ videoId: TALK, language: "pt", durationSeconds: 600 })).toEqual({
      language: "pt-BR",
      kind: "gemini",
      segments: [
        { startSeconds: 4, text: "Bom dia a todos." },
        { startSeconds: 65, text: "Hoje falamos de pão." },
        { startSeconds: 590, text: "Até à próxima." },
      ],
      costUsd: expect.any(Number),
    });
  });

  it("asks for the video by its YouTube address, at low resolution, as JSON of a schema, in the hinted language", async () => {
    await source().fetch({ videoId: TALK, language: "pt" });
    expect(gemini.requests).toHaveLength(1);
    const [asked] = gemini.requests;
    expect(asked).toMatchObject({
      model: "gemini-2.5-flash",
      fileUri: `https://www.youtube.com/watch?v=${TALK}`,
      mediaResolution: "MEDIA_RESOLUTION_LOW",
      responseMimeType: "application/json",
      temperature: 0,
    });
    expect(asked?.schema).toMatchObject({ type: "object", required: ["spoken", "segments"] });
    expect(asked?.prompt).toContain("probably in Portuguese (pt)");

    await source().fetch({ videoId: TALK });
    expect(gemini.requests[1]?.prompt).not.toContain("probably in");
  });

  it("answers null for a video where nobody speaks, though the call is still billed", async () => {
    expect(await source().fetch({ videoId: MUSIC })).toBeNull();
    expect(costs).toHaveLength(1);
    // 200 s at low resolution: 66 tokens a second, and the prompt's.
    expect(costs[0]?.inputTokens).toBeGreaterThan(200 * 66);
  });

  it("declines a video longer than it may transcribe without asking, and takes one exactly as long", async () => {
    const step = source({ maxMinutes: 10 });
    expect(await step.fetch({ videoId: TALK, durationSeconds: 601 })).toBeNull();
    expect(gemini.requests).toHaveLength(0);
    expect(await step.fetch({ videoId: TALK, durationSeconds: 600 })).toMatchObject({ kind: "gemini" });
    expect(await step.fetch({ videoId: TALK, durationSeconds: null })).toMatchObject({ kind: "gemini" });
    expect(gemini.requests).toHaveLength(2);
  });

  it.each<[string, ReturnType<typeof stepFailure>, number, FakeGeminiFault, RegExp]>([
    [
      "a spent quota (429 RESOURCE_EXHAUSTED)",
      "rate-limited",
      3,
      { kind: "rateLimited" },
      /HTTP 429 RESOURCE_EXHAUSTED/,
    ],
    [
      "a refused key (403 PERMISSION_DENIED)",
      "refused",
      1,
      { kind: "refused" },
      /HTTP 403 PERMISSION_DENIED/,
    ],
    [
      "an overloaded model (503 UNAVAILABLE)",
      "failed",
      3,
      { kind: "serverError", status: 503 },
      /HTTP 503 UNAVAILABLE/,
    ],
    ["an internal error (500)", "failed", 3, { kind: "serverError" }, /HTTP 500 INTERNAL/],
    ["no answer within the time allowed", "failed", 1, { kind: "slow", delayMs: 1_500 }, /no answer in time/],
  ])("reports %s as %s, unavailable for now, after %i calls", async (_, outcome, calls, fault, message) => {
    gemini.fail(fault);
    const { error, outcome: reported } = await failureOf(
      source({ requestTimeoutMs: 500 }).fetch({ videoId: TALK }),
    );
    expect(error).toBeInstanceOf(TranscriptUnavailableError);
    expect((error as Error).message).toMatch(new RegExp(`^Gemini, ${TALK}: ${message.source}`));
    expect(reported).toBe(outcome);
    expect(gemini.requests).toHaveLength(calls);
    expect(costs).toEqual([]);
  });

  it("serves the transcript when a retry gets through, billed once", async () => {
    gemini.fail({ kind: "rateLimited" }, 1);
    gemini.fail({ kind: "serverError", status: 503 }, 1);
    expect(await source().fetch({ videoId: TALK })).toMatchObject({ kind: "gemini", language: "pt-BR" });
    expect(gemini.requests).toHaveLength(3);
    expect(costs).toHaveLength(1);
  });

  it("reports a video it cannot watch (400 INVALID_ARGUMENT) and a wrong key as failed, without retries", async () => {
    const privateVideo = await failureOf(source().fetch({ videoId: PRIVATE }));
    expect(privateVideo.error).toBeInstanceOf(TranscriptUnavailableError);
    expect(privateVideo.outcome).toBe("failed");
    expect((privateVideo.error as Error).message).toMatch(/HTTP 400 INVALID_ARGUMENT/);
    const wrongKey = await failureOf(source({ apiKey: "not-the-key" }).fetch({ videoId: TALK }));
    expect(wrongKey.outcome).toBe("failed");
    expect((wrongKey.error as Error).message).toMatch(/API key not valid/);
    expect(gemini.requests).toHaveLength(1);
  });

  it.each<[string, FakeGeminiFault, RegExp]>([
    ["prose instead of JSON", { kind: "malformed" }, /not JSON/],
    ["times going back", { kind: "outOfOrder" }, /goes back in time/],
    ["its end cut off", { kind: "truncated" }, /stopped early \(MAX_TOKENS\)/],
    ["JSON without segments", { kind: "malformed", text: '{"spoken":true,"language":"en"}' }, /no segments/],
    [
      "no language",
      { kind: "malformed", text: '{"spoken":true,"segments":[{"start":"0:01","text":"Hi"}]}' },
      /not a BCP 47 code/,
    ],
    [
      "a segment without words",
      {
        kind: "malformed",
        text: '{"spoken":true,"language":"en","segments":[{"start":"0:01","text":"  "}]}',
      },
      /no words/,
    ],
    [
      "a time that is no time",
      {
        kind: "malformed",
        text: '{"spoken":true,"language":"en","segments":[{"start":"soon","text":"Hi"}]}',
      },
      /is no time/,
    ],
    [
      "a time past the video's end",
      {
        kind: "malformed",
        text: '{"spoken":true,"language":"en","segments":[{"start":"10:01","text":"Hi"}]}',
      },
      /after the video's 600 seconds/,
    ],
    [
      "no speech, yet segments",
      { kind: "malformed", text: '{"spoken":false,"segments":[{"start":"0:01","text":"Hi"}]}' },
      /nobody speaks, yet/,
    ],
  ])("refuses an answer with %s as failed, billed all the same", async (_, fault, why) => {
    gemini.fail(fault);
    const { error, outcome } = await failureOf(source().fetch({ videoId: TALK, durationSeconds: 600 }));
    expect(error).not.toBeInstanceOf(TranscriptUnavailableError);
    expect((error as Error).message).toMatch(/^Gemini's answer was not a usable transcript: /);
    expect((error as Error).message).toMatch(why);
    expect(outcome).toBe("failed");
    expect(gemini.requests).toHaveLength(1);
    expect(costs).toHaveLength(1);
  });

  it("reads times as h:mm:ss and as seconds too", async () => {
    gemini.fail({
      kind: "malformed",
      text: '{"spoken":true,"language":"en","segments":[{"start":"59:59","text":"A"},{"start":"1:00:00.5","text":"B"},{"start":3700,"text":"C"}]}',
    });
    expect((await source().fetch({ videoId: TALK }))?.segments.map((s) => s.startSeconds)).toEqual([
      3_599, 3_600.5, 3_700,
    ]);
  });

  it("reports the call's cost from its usage, audio at its own price, and keeps it with the transcript", async () => {
    const transcript = await source().fetch({ videoId: TALK });
    const textTokens = Math.ceil((gemini.requests[0]?.prompt.length ?? 0) / 4);
    const [cost] = costs;
    expect(cost?.videoId).toBe(TALK);
    expect(transcript?.costUsd).toBe(cost?.usd);
    // 600 s at low resolution: 66 video and 32 audio tokens a second.
    expect(cost?.inputTokens).toBe(textTokens + 39_600 + 19_200);
    // Flash is asked not to think, so none of the fake's 50 thinking tokens are billed.
    expect(gemini.requests[0]?.thinkingBudget).toBe(0);
    expect(cost?.outputTokens).toBeGreaterThan(20);
    expect(cost?.outputTokens).toBeLessThan(50);
    const expected =
      ((textTokens + 39_600) * 0.3 + 19_200 * 1.0 + (cost?.outputTokens ?? 0) * 2.5) / 1_000_000;
    expect(cost?.usd).toBeCloseTo(expected, 12);
    expect(cost?.usd).toBeGreaterThan(0.025);
  });

  it("reports an unpriced model's calls at 0 USD with their tokens", async () => {
    await source({ model: "gemini-9-ultra" }).fetch({ videoId: TALK });
    expect(costs).toEqual([
      { videoId: TALK, inputTokens: expect.any(Number), outputTokens: expect.any(Number), usd: 0 },
    ]);
    expect(costs[0]?.inputTokens).toBeGreaterThan(58_800);
    // A model not known to skip thinking thinks, and its thinking is billed as output.
    expect(gemini.requests[0]?.thinkingBudget).toBeUndefined();
    expect(costs[0]?.outputTokens).toBeGreaterThan(50);
    expect(isPricedGeminiModel("gemini-9-ultra")).toBe(false);
  });
});

describe("Gemini's price table", () => {
  const usage = { promptTokens: 1_000_000, audioPromptTokens: 0, outputTokens: 1_000_000 };

  it("prices each model, its pinned versions and previews alike", () => {
    expect(geminiCostUsd("gemini-2.5-flash", usage)).toBeCloseTo(2.8, 10);
    expect(geminiCostUsd("models/gemini-2.5-flash-001", usage)).toBeCloseTo(2.8, 10);
    expect(geminiCostUsd("gemini-2.5-flash-lite", usage)).toBeCloseTo(0.5, 10);
    expect(geminiCostUsd("gemini-2.5-flash-lite-preview-06-17", usage)).toBeCloseTo(0.5, 10);
    expect(geminiCostUsd("gemini-2.5-flash-lite", { ...usage, audioPromptTokens: 1_000_000 })).toBeCloseTo(
      0.7,
      10,
    );
    expect(isPricedGeminiModel("gemini-2.5-flash-preview-09-2025")).toBe(true);
    expect(isPricedGeminiModel("gemini-2.5-flash-image")).toBe(false);
  });

  it("charges 2.5 Pro's higher rates once the prompt passes 200k tokens", () => {
    const short = { promptTokens: 200_000, audioPromptTokens: 0, outputTokens: 10_000 };
    expect(geminiCostUsd("gemini-2.5-pro", short)).toBeCloseTo(0.25 + 0.1, 10);
    expect(geminiCostUsd("gemini-2.5-pro", { ...short, promptTokens: 200_001 })).toBeCloseTo(
      (200_001 * 2.5 + 10_000 * 15) / 1_000_000,
      10,
    );
  });
});
