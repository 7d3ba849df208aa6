import { type FakeOpenAiApi, startFakeOpenAiApi } from "@tubedigest/testing/openai";
import {
  type FakeTranscriptApi,
  type FakeYoutubeCaptions,
  startFakeProxy,
  startFakeSponsorBlock,
  startFakeTranscriptApi,
  startFakeYoutubeCaptions,
  writeFakeYtDlp,
} from "@tubedigest/testing/transcripts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { proxiedRequester } from "../src/adapters/transcripts/http/proxied-requester.ts";
import { createSpeechToTextSource } from "../src/adapters/transcripts/speech-to-text-source.ts";
import { createSponsorBlockClient, withoutRanges } from "../src/adapters/transcripts/sponsor-segments.ts";
import { createTranscriptApiSource } from "../src/adapters/transcripts/transcript-api-source.ts";
import { TranscriptUnavailableError } from "../src/adapters/transcripts/transcript-source.ts";
import { createYoutubeCaptionSource } from "../src/adapters/transcripts/youtube-caption-source.ts";

const VIDEO = "aaaaaaaaaaa";

describe("YouTube's caption pages refusing this machine, as they refuse cloud addresses", () => {
  let captions: FakeYoutubeCaptions;
  beforeAll(async () => {
    captions = await startFakeYoutubeCaptions();
    captions.addVideo({
      id: VIDEO,
      captions: [{ languageCode: "en", kind: "manual", lines: [{ startSeconds: 3, text: "Hello there" }] }],
    });
    captions.refuseAddress("127.0.0.1");
  });
  afterAll(() => captions.close());
  afterEach(() => captions.resetCalls());

  it("give up at once on the bot check, without retries: another source is tried instead", async () => {
    const direct = createYoutubeCaptionSource({ baseUrl: captions.baseUrl, retryBaseDelayMs: 1_000 });
    const started = Date.now();
    await expect(direct.fetch({ videoId: VIDEO })).rejects.toThrow(TranscriptUnavailableError);
    expect(captions.calls.player).toBe(1);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it.each([
    ["an HTTP proxy", "http" as const],
    ["a SOCKS5 proxy with a user and password", "socks5" as const],
  ])("answer through %s, which YouTube sees from another address", async (_, protocol) => {
    const proxy = await startFakeProxy({ protocol, credentials: { username: "td", password: "p@ss word" } });
    try {
      const source = createYoutubeCaptionSource({
        baseUrl: captions.baseUrl,
        requester: proxiedRequester(proxy.url),
        name: "youtube-captions-proxy",
      });
      expect(source.name).toBe("youtube-captions-proxy");
      expect(await source.fetch({ videoId: VIDEO })).toEqual({
        language: "en",
        kind: "manual",
        segments: [{ startSeconds: 3, text: "Hello there" }],
      });
      expect(proxy.carried).toBeGreaterThanOrEqual(protocol === "http" ? 3 : 1);
    } finally {
      await proxy.close();
    }
  });

  it("are unavailable through a proxy that refuses the credentials", async () => {
    const proxy = await startFakeProxy({
      protocol: "http",
      credentials: { username: "td", password: "right" },
    });
    try {
      const wrong = proxy.url.replace("right", "wrong");
      const source = createYoutubeCaptionSource({
        baseUrl: captions.baseUrl,
        requester: proxiedRequester(wrong),
        attempts: 1,
      });
      await expect(source.fetch({ videoId: VIDEO })).rejects.toThrow(TranscriptUnavailableError);
      expect(proxy.refused).toBeGreaterThan(0);
      expect(proxy.carried).toBe(0);
    } finally {
      await proxy.close();
    }
  });
});

describe("a hosted transcript API (Supadata's HTTP API)", () => {
  let api: FakeTranscriptApi;
  beforeAll(async () => {
    api = await startFakeTranscriptApi();
    api.addVideo({
      id: VIDEO,
      lang: "de",
      lines: [
        { startSeconds: 1.5, text: " Guten  Tag " },
        { startSeconds: 0.25, text: "Hallo" },
      ],
    });
    api.addVideo({
      id: "jjjjjjjjjjj",
      lang: "en",
      lines: [{ startSeconds: 4, text: "A long one" }],
      asJob: true,
    });
  });
  afterAll(() => api.close());
  afterEach(() => api.heal());

  const source = (apiKey = api.apiKey) =>
    createTranscriptApiSource({
      baseUrl: api.baseUrl,
      apiKey,
      mode: "native",
      retryBaseDelayMs: 5,
      jobPollMs: 10,
    });

  it("gives the timed chunks in order, in seconds, as a transcript-api transcript", async () => {
    expect(await source().fetch({ videoId: VIDEO, language: "de-AT" })).toEqual({
      language: "de",
      kind: "transcript-api",
      segments: [
        { startSeconds: 0.25, text: "Hallo" },
        { startSeconds: 1.5, text: "Guten Tag" },
      ],
    });
    expect(api.requests.at(-1)).toEqual({ videoId: VIDEO, mode: "native", lang: "de" });
  });

  it("waits for a long video's job", async () => {
    expect((await source().fetch({ videoId: "jjjjjjjjjjj" }))?.segments).toEqual([
      { startSeconds: 4, text: "A long one" },
    ]);
  });

  it("answers none for a video without a transcript (206)", async () => {
    expect(await source().fetch({ videoId: "nnnnnnnnnnn" })).toBeNull();
  });

  it("tries a rate limit or an outage again, then answers", async () => {
    api.fail({ kind: "rateLimited" }, 1);
    api.fail({ kind: "serverError" }, 1);
    const before = api.calls;
    expect(await source().fetch({ videoId: VIDEO })).not.toBeNull();
    expect(api.calls - before).toBe(3);
  });

  it.each([
    ["spent credits", { kind: "outOfCredits" as const }],
    ["chunks without times", { kind: "malformed" as const }],
    ["a body that is not JSON", { kind: "malformed" as const, body: "<html>oops" }],
    ["a lasting outage", { kind: "serverError" as const, status: 503 }],
  ])("is unavailable on %s, so the next source is tried", async (_, fault) => {
    api.fail(fault);
    await expect(source().fetch({ videoId: VIDEO })).rejects.toThrow(TranscriptUnavailableError);
  });

  it("is unavailable with a wrong key", async () => {
    await expect(source("wrong").fetch({ videoId: VIDEO })).rejects.toThrow(/refused/);
  });
});

describe("speech-to-text: yt-dlp's audio, cut with ffmpeg, transcribed through the openai SDK", () => {
  let openai: FakeOpenAiApi;
  beforeAll(async () => {
    openai = await startFakeOpenAiApi({ models: ["whisper-1"] });
  });
  afterAll(() => openai.close());
  afterEach(() => {
    openai.transcriptions.heal();
    openai.transcriptions.requests.length = 0;
  });

  const settings = (ytDlpPath: string, potProviderUrl?: string) => ({
    apiKey: openai.apiKey,
    baseUrl: openai.baseUrl,
    model: "whisper-1",
    ytDlpPath,
    ffmpegPath: "ffmpeg",
    pieceSeconds: 60,
    maxSeconds: 3_600,
    maxRetries: 0,
    proxyUrl: "socks5://127.0.0.1:1080",
    potProviderUrl,
  });

  it("stitches the pieces' segments back at the recording's own times", async () => {
    const ytDlp = await writeFakeYtDlp({ [VIDEO]: { seconds: 150 } });
    try {
      const source = createSpeechToTextSource(settings(ytDlp.path, "http://127.0.0.1:4416"));
      const transcript = await source.fetch({
        videoId: VIDEO,
        durationSeconds: 150,
      });
      // ffmpeg cuts between packets, so a piece runs a fraction of a second past the minute.
      const pieces = openai.transcriptions.requests.map((request) => request.audio.recordingSeconds);
      expect(pieces).toHaveLength(3);
      // Two pieces are transcribed at once, so they may reach the API in either order.
      expect(pieces.map((seconds) => seconds[0]).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([0, 60, 120]);
      expect(
        openai.transcriptions.requests.every((request) => request.responseFormat === "verbose_json"),
      ).toBe(true);
      expect(transcript?.kind).toBe("speech-to-text");
      expect(transcript?.language).toBe("en");
      const segments = transcript?.segments ?? [];
      expect(segments.length).toBeGreaterThanOrEqual(15);
      // Each segment names the second of the recording its audio is from: the stitched time must be it.
      for (const segment of segments) {
        const said = Number(/At second (\d+)/.exec(segment.text)?.[1]);
        expect(Math.floor(segment.startSeconds)).toBe(said);
      }
      expect(segments.map((segment) => Math.floor(segment.startSeconds))).toEqual(
        [...segments.map((segment) => Math.floor(segment.startSeconds))].sort((a, b) => a - b),
      );
      const [run] = await ytDlp.runs();
      expect(run?.slice(run.indexOf("--proxy"), run.indexOf("--proxy") + 2)).toEqual([
        "--proxy",
        "socks5://127.0.0.1:1080",
      ]);
      expect(run?.slice(run.indexOf("--extractor-args"), run.indexOf("--extractor-args") + 2)).toEqual([
        "--extractor-args",
        "youtubepot-bgutilhttp:base_url=http://127.0.0.1:4416",
      ]);
      expect(run?.at(-1)).toBe(`https://www.youtube.com/watch?v=${VIDEO}`);
    } finally {
      await ytDlp.remove();
    }
  });

  it("answers none for a removed video and for one longer than it may transcribe, without transcribing", async () => {
    const ytDlp = await writeFakeYtDlp({ [VIDEO]: "unavailable", bbbbbbbbbbb: { seconds: 20 } });
    try {
      const source = createSpeechToTextSource(settings(ytDlp.path));
      expect(await source.fetch({ videoId: VIDEO })).toBeNull();
      expect(await source.fetch({ videoId: "bbbbbbbbbbb", durationSeconds: 7_200 })).toBeNull();
      const runs = await ytDlp.runs();
      expect(runs).toHaveLength(1);
      // Without a token server, yt-dlp is asked for no token.
      expect(runs[0]).not.toContain("--extractor-args");
      expect(openai.transcriptions.requests).toHaveLength(0);
    } finally {
      await ytDlp.remove();
    }
  });

  it("is unavailable when YouTube refuses yt-dlp, or the transcription server keeps failing", async () => {
    const ytDlp = await writeFakeYtDlp({ [VIDEO]: "refused", bbbbbbbbbbb: { seconds: 20 } });
    try {
      const source = createSpeechToTextSource(settings(ytDlp.path));
      await expect(source.fetch({ videoId: VIDEO })).rejects.toThrow(/not a bot/);
      openai.transcriptions.fail({ kind: "serverError" });
      await expect(source.fetch({ videoId: "bbbbbbbbbbb" })).rejects.toThrow(TranscriptUnavailableError);
      openai.transcriptions.heal();
      openai.transcriptions.fail({ kind: "malformed" });
      await expect(source.fetch({ videoId: "bbbbbbbbbbb" })).rejects.toThrow(/timed segments/);
    } finally {
      await ytDlp.remove();
    }
  });
});

describe("SponsorBlock's segments", () => {
  it("gives this video's sponsor and self-promotion ranges, says once when the server is away, and rests before asking again", async () => {
    const sponsorBlock = await startFakeSponsorBlock();
    const told: boolean[] = [];
    try {
      sponsorBlock.addSegments(VIDEO, [
        { start: 30, end: 60, category: "sponsor" },
        { start: 100, end: 110, category: "selfpromo" },
        { start: 0, end: 5, category: "intro" },
      ]);
      let clock = 0;
      const client = createSponsorBlockClient({
        baseUrl: sponsorBlock.baseUrl,
        restMs: 30_000,
        now: () => clock,
        onReachability: (reachable) => told.push(reachable),
      });
      expect(await client.rangesOf(VIDEO)).toEqual([
        [30, 60],
        [100, 110],
      ]);
      expect(await client.rangesOf("zzzzzzzzzzz")).toEqual([]);
      sponsorBlock.breakDown();
      expect(await client.rangesOf(VIDEO)).toBeNull();
      expect(sponsorBlock.calls).toBe(3);
      // Resting: the next transcripts go without asking, even once the server is back.
      clock = 29_999;
      expect(await client.rangesOf(VIDEO)).toBeNull();
      sponsorBlock.heal();
      expect(await client.rangesOf(VIDEO)).toBeNull();
      expect(sponsorBlock.calls).toBe(3);
      clock = 30_000;
      expect(await client.rangesOf(VIDEO)).toHaveLength(2);
      expect(sponsorBlock.calls).toBe(4);
      expect(told).toEqual([false, true]);
    } finally {
      await sponsorBlock.close();
    }
  });

  it("cuts the lines said inside the ranges", () => {
    const transcript = {
      language: "en",
      kind: "manual" as const,
      segments: [0, 30, 45, 59.9, 60, 105].map((startSeconds) => ({
        startSeconds,
        text: `at ${startSeconds}`,
      })),
    };
    expect(
      withoutRanges(transcript, [
        [30, 60],
        [100, 110],
      ]).segments.map((segment) => segment.startSeconds),
    ).toEqual([0, 60]);
  });
});
