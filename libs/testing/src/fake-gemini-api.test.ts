import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeGeminiApi, startFakeGeminiApi } from "./fake-gemini-api.ts";

const VIDEO = "bbbbbbbbbbb";

describe("the fake Gemini API", () => {
  let gemini: FakeGeminiApi;
  beforeEach(async () => {
    gemini = await startFakeGeminiApi({ apiKey: "right-key" });
    gemini.addVideo({
      id: VIDEO,
      language: "de",
      durationSeconds: 100,
      segments: [
        { startSeconds: 2, text: "Guten Morgen." },
        { startSeconds: 75, text: "Bis bald." },
      ],
    });
  });
  afterEach(() => gemini.close());

  const ask = (options: { key?: string | null; model?: string; video?: string; resolution?: string } = {}) =>
    fetch(`${gemini.baseUrl}/v1beta/models/${options.model ?? "gemini-2.5-flash"}:generateContent`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(options.key === null ? {} : { "x-goog-api-key": options.key ?? "right-key" }),
      },
      body: JSON.stringify({
        contents: [
          {
            role: "user",
            parts: [
              { fileData: { fileUri: `https://www.youtube.com/watch?v=${options.video ?? VIDEO}` } },
              { text: "Transcribe it." },
            ],
          },
        ],
        generationConfig: {
          responseMimeType: "application/json",
          ...(options.resolution ? { mediaResolution: options.resolution } : {}),
        },
      }),
    });

  const textOf = async (response: Response) => {
    const body = (await response.json()) as { candidates: { content: { parts: { text: string }[] } }[] };
    return body.candidates[0]?.content.parts[0]?.text;
  };

  it("answers the video's timed transcript, billed by its length at the resolution asked", async () => {
    const low = await ask({ resolution: "MEDIA_RESOLUTION_LOW" });
    expect(low.status).toBe(200);
    const body = (await low.clone().json()) as { usageMetadata: Record<string, unknown> };
    expect(JSON.parse((await textOf(low)) ?? "")).toEqual({
      spoken: true,
      language: "de",
      segments: [
        { start: "0:02", text: "Guten Morgen." },
        { start: "1:15", text: "Bis bald." },
      ],
    });
    expect(body.usageMetadata.promptTokensDetails).toEqual([
      { modality: "TEXT", tokenCount: 4 },
      { modality: "VIDEO", tokenCount: 6_600 },
      { modality: "AUDIO", tokenCount: 3_200 },
    ]);
    expect(body.usageMetadata.promptTokenCount).toBe(9_804);

    const full = (await (await ask()).json()) as { usageMetadata: { promptTokenCount: number } };
    expect(full.usageMetadata.promptTokenCount).toBe(4 + 25_800 + 3_200);
    expect(gemini.requests.map((request) => request.mediaResolution)).toEqual([
      "MEDIA_RESOLUTION_LOW",
      undefined,
    ]);
    expect(gemini.requests[0]).toMatchObject({
      model: "gemini-2.5-flash",
      fileUri: `https://www.youtube.com/watch?v=${VIDEO}`,
      prompt: "Transcribe it.",
      responseMimeType: "application/json",
    });
  });

  it("answers with Google's error envelope: a wrong or missing key, an unknown model, a video it cannot watch", async () => {
    const cases = [
      [await ask({ key: "wrong" }), 400, "INVALID_ARGUMENT"],
      [await ask({ key: null }), 403, "PERMISSION_DENIED"],
      [await ask({ model: "gemini-0-nothing" }), 404, "NOT_FOUND"],
      [await ask({ video: "privateeeee" }), 400, "INVALID_ARGUMENT"],
    ] as const;
    for (const [response, code, status] of cases) {
      expect(response.status).toBe(code);
      expect(await response.json()).toMatchObject({ error: { code, status } });
    }
  });

  it("fails as told, as many times as told, until healed", async () => {
    gemini.fail({ kind: "rateLimited" }, 1);
    gemini.fail({ kind: "serverError", status: 503 }, 1);
    gemini.fail({ kind: "outOfOrder" }, 1);
    gemini.fail({ kind: "malformed" });
    expect(await (await ask()).json()).toMatchObject({ error: { code: 429, status: "RESOURCE_EXHAUSTED" } });
    expect(await (await ask()).json()).toMatchObject({ error: { code: 503, status: "UNAVAILABLE" } });
    const reversed = JSON.parse((await textOf(await ask())) ?? "") as { segments: { start: string }[] };
    expect(reversed.segments.map((segment) => segment.start)).toEqual(["1:15", "0:02"]);
    expect(await textOf(await ask())).toMatch(/^Sure!/);
    gemini.heal();
    expect(JSON.parse((await textOf(await ask())) ?? "")).toMatchObject({ language: "de" });
    expect(gemini.calls).toBe(5);
  });

  it("says nobody speaks in a video without speech", async () => {
    gemini.addVideo({ id: "musiconlyyy", language: "en", segments: [], noSpeech: true, durationSeconds: 30 });
    expect(JSON.parse((await textOf(await ask({ video: "musiconlyyy" }))) ?? "")).toEqual({
      spoken: false,
      segments: [],
    });
  });
});
