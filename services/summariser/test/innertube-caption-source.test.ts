import {
  type FakeCaptionTrack,
  type FakePoTokenProvider,
  type FakeYoutubeCaptions,
  startFakePoTokenProvider,
  startFakeYoutubeCaptions,
} from "@tubedigest/testing/transcripts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createInnertubeCaptionSource } from "../src/adapters/transcripts/innertube-caption-source.ts";
import { stepFailure } from "../src/adapters/transcripts/step-failure.ts";

const VIDEO = "bbbbbbbbbbb";

const track = (languageCode: string, kind: FakeCaptionTrack["kind"], text: string): FakeCaptionTrack => ({
  languageCode,
  kind,
  lines: [
    { startSeconds: 4.5, text: `${text}, later` },
    { startSeconds: 1.25, text: `${text} first` },
  ],
});

/** The error a fetch throws, for tests that expect one. */
async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
  throw new Error("the fetch did not fail");
}

describe("captions through InnerTube as YouTube's app clients ask (youtubei.js)", () => {
  let fake: FakeYoutubeCaptions;
  beforeEach(async () => {
    fake = await startFakeYoutubeCaptions();
  });
  afterEach(async () => {
    await fake.close();
  });

  const source = (poTokenProviderUrl?: string) =>
    createInnertubeCaptionSource({ baseUrl: fake.baseUrl, requestTimeoutMs: 5_000, poTokenProviderUrl });

  it("reads the first client's track in order of time, people's captions over speech recognition's", async () => {
    fake.addVideo({
      id: VIDEO,
      captions: [track("en", "automatic", "heard"), track("en", "manual", "written")],
    });

    const transcript = await source().fetch({ videoId: VIDEO });

    expect(transcript).toEqual({
      language: "en",
      kind: "manual",
      segments: [
        { startSeconds: 1.25, text: "written first" },
        { startSeconds: 4.5, text: "written, later" },
      ],
    });
    expect(fake.playerClients).toEqual(["ANDROID"]);
    expect(fake.calls.watch).toBe(0);
  });

  it("asks the next client when one meets the bot check, and the one after when a track is empty", async () => {
    fake.addVideo({ id: VIDEO, captions: [track("de", "automatic", "gehört")] });
    fake.gateClient("ANDROID", "bot-check");
    fake.gateClient("iOS", "po-token");

    const transcript = await source().fetch({ videoId: VIDEO, language: "de" });

    expect(transcript).toMatchObject({ language: "de", kind: "automatic" });
    expect(fake.playerClients).toEqual(["ANDROID", "iOS", "TVHTML5"]);
  });

  it("is refused, naming every client, when YouTube turns all of them away", async () => {
    fake.addVideo({ id: VIDEO, captions: [track("en", "manual", "words")] });
    fake.gateClient("ANDROID", "bot-check");
    fake.gateClient("iOS", "bot-check");
    fake.gateClient("TVHTML5", "po-token");

    const error = await failureOf(source().fetch({ videoId: VIDEO }));

    expect(stepFailure(error)).toBe("refused");
    expect(error.message).toMatch(/ANDROID: YouTube refused the player \(Sign in to confirm/);
    expect(error.message).toMatch(/TV: the caption track is empty without a PO token/);
  });

  it("sends the provider's PO token with the track, which opens a gated one", async () => {
    const provider: FakePoTokenProvider = await startFakePoTokenProvider();
    try {
      fake.addVideo({ id: VIDEO, captions: [track("en", "manual", "words")] });
      for (const client of ["ANDROID", "iOS", "TVHTML5"]) fake.gateClient(client, "po-token");

      const transcript = await source(provider.baseUrl).fetch({ videoId: VIDEO });

      expect(transcript?.segments[0]?.text).toBe("words first");
      expect(provider.bindings).toEqual([VIDEO]);
      expect(fake.timedTextTokens).toEqual([provider.tokenFor(VIDEO)]);
    } finally {
      await provider.close();
    }
  });

  it("goes on without a token when the provider fails, and YouTube's answer decides", async () => {
    const provider = await startFakePoTokenProvider();
    try {
      fake.addVideo({ id: VIDEO, captions: [track("en", "manual", "words")] });
      provider.fail(1);

      expect(await source(provider.baseUrl).fetch({ videoId: VIDEO })).not.toBeNull();
      expect(fake.timedTextTokens).toEqual([null]);
    } finally {
      await provider.close();
    }
  });

  it("answers none for a video without captions, and for one removed or never there", async () => {
    fake.addVideo({ id: VIDEO, captions: "disabled" });
    fake.addVideo({ id: "ccccccccccc", captions: [] });

    expect(await source().fetch({ videoId: VIDEO })).toBeNull();
    expect(await source().fetch({ videoId: "ccccccccccc" })).toBeNull();
    expect(await source().fetch({ videoId: "ddddddddddd" })).toBeNull();
    expect(fake.playerClients).toEqual(["ANDROID", "ANDROID", "ANDROID"]);
  });

  it("is rate-limited when a client is, after asking the others", async () => {
    fake.addVideo({ id: VIDEO, captions: [track("en", "manual", "words")] });
    fake.fail("player", { kind: "rateLimited" });

    const error = await failureOf(source().fetch({ videoId: VIDEO }));

    expect(stepFailure(error)).toBe("rate-limited");
    expect(fake.calls.player).toBe(3);
  });

  it("tries the next client after a server error, a bad track or no answer in time", async () => {
    fake.addVideo({ id: VIDEO, captions: [track("en", "manual", "words")] });
    fake.fail("player", { kind: "serverError", status: 503 }, 1);
    fake.fail("timedtext", { kind: "malformed", body: '{"events": [{"tStartMs": "soon", "segs": []}]}' }, 1);

    expect(await source().fetch({ videoId: VIDEO })).toMatchObject({ kind: "manual" });
    expect(fake.playerClients).toEqual(["ANDROID", "iOS", "TVHTML5"]);

    fake.fail("any", { kind: "slow", delayMs: 400 });
    const slow = createInnertubeCaptionSource({ baseUrl: fake.baseUrl, requestTimeoutMs: 100 });
    const error = await failureOf(slow.fetch({ videoId: VIDEO }));
    expect(stepFailure(error)).toBe("failed");
    expect(error.message).toMatch(/InnerTube captions of bbbbbbbbbbb not had/);
  });

  it("fails, not refused, when every client answers what cannot be read", async () => {
    fake.addVideo({ id: VIDEO, captions: [track("en", "manual", "words")] });
    fake.fail("player", { kind: "malformed" });

    const error = await failureOf(source().fetch({ videoId: VIDEO }));

    expect(stepFailure(error)).toBe("failed");
  });
});
