import {
  type FakeCaptionTrack,
  type FakeYoutubeCaptions,
  startFakeYoutubeCaptions,
} from "@tubedigest/testing/transcripts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  cachedTranscriptSource,
  type TranscriptCache,
} from "../src/adapters/transcripts/cached-transcript-source.ts";
import {
  type Transcript,
  TranscriptUnavailableError,
} from "../src/adapters/transcripts/transcript-source.ts";
import { createYoutubeCaptionSource } from "../src/adapters/transcripts/youtube-caption-source.ts";

const VIDEO = "aaaaaaaaaaa";
const ATTEMPTS = 3;

const track = (languageCode: string, kind: FakeCaptionTrack["kind"], text = `${kind} ${languageCode}`) => ({
  languageCode,
  kind,
  lines: [{ startSeconds: 1.25, text }],
});

/** Test-only stand-in for the service's Postgres table. */
function memoryTranscriptCache(): TranscriptCache {
  const known = new Map<string, Transcript | null>();
  return {
    get: async (videoId) => known.get(videoId),
    put: async (videoId, transcript) => {
      known.set(videoId, transcript);
    },
  };
}

describe("YouTube captions as a transcript source, through youtube-transcript-plus", () => {
  let fake: FakeYoutubeCaptions;
  beforeEach(async () => {
    fake = await startFakeYoutubeCaptions();
  });
  afterEach(async () => {
    await fake.close();
  });

  // The timeout is generous unless a test is about it: a loaded machine must not turn a slow answer into a retry.
  const source = (retryBaseDelayMs = 5, requestTimeoutMs = 5_000) =>
    createYoutubeCaptionSource({
      baseUrl: fake.baseUrl,
      attempts: ATTEMPTS,
      retryBaseDelayMs,
      requestTimeoutMs,
    });

  function captioned(...captions: FakeCaptionTrack[]) {
    fake.addVideo({ id: VIDEO, captions });
  }

  describe("which track it reads", () => {
    it("people's English captions over speech recognition's, whichever the player lists first", async () => {
      captioned(track("en", "automatic"), track("en", "manual"));
      expect(await source().fetch({ videoId: VIDEO, language: "en" })).toEqual({
        language: "en",
        kind: "manual",
        segments: [{ startSeconds: 1.25, text: "manual en" }],
      });
    });

    it("the video's own language over English, even when only speech recognition has it", async () => {
      captioned(track("en", "manual"), track("de", "manual"));
      expect(await source().fetch({ videoId: VIDEO, language: "de" })).toMatchObject({
        language: "de",
        kind: "manual",
      });
      fake.addVideo({ id: "bbbbbbbbbbb", captions: [track("en", "manual"), track("de", "automatic")] });
      expect(await source().fetch({ videoId: "bbbbbbbbbbb", language: "de" })).toMatchObject({
        language: "de",
        kind: "automatic",
      });
    });

    it("its language spelt for another region, people's first, its own spelling before", async () => {
      captioned(track("en", "automatic"), track("fr", "manual"), track("en-GB", "manual"));
      expect(await source().fetch({ videoId: VIDEO, language: "en-US" })).toMatchObject({
        language: "en-GB",
        kind: "manual",
      });
      fake.addVideo({ id: "bbbbbbbbbbb", captions: [track("en", "manual"), track("en-GB", "manual")] });
      expect(await source().fetch({ videoId: "bbbbbbbbbbb", language: "en-GB" })).toMatchObject({
        language: "en-GB",
      });
    });

    it("with no language known, people's captions first, in the one speech recognition heard", async () => {
      captioned(track("fr", "manual"), track("de", "automatic"), track("de", "manual"));
      expect(await source().fetch({ videoId: VIDEO })).toMatchObject({ language: "de", kind: "manual" });
      fake.addVideo({ id: "bbbbbbbbbbb", captions: [track("de", "automatic"), track("fr", "manual")] });
      expect(await source().fetch({ videoId: "bbbbbbbbbbb" })).toMatchObject({
        language: "fr",
        kind: "manual",
      });
    });

    it("speech recognition's when there is nothing else", async () => {
      captioned(track("en", "automatic"));
      expect(await source().fetch({ videoId: VIDEO, language: "en" })).toEqual({
        language: "en",
        kind: "automatic",
        segments: [{ startSeconds: 1.25, text: "automatic en" }],
      });
    });

    it("another language when the video's own has none, named as that language", async () => {
      captioned(track("fr", "manual"));
      expect(await source().fetch({ videoId: VIDEO, language: "de" })).toMatchObject({
        language: "fr",
        kind: "manual",
      });
    });

    it("YouTube's old codes in BCP 47's form, on either side", async () => {
      captioned(track("en", "manual"), track("iw", "manual"));
      expect(await source().fetch({ videoId: VIDEO, language: "he" })).toMatchObject({ language: "he" });
    });
  });

  it("has no transcript, not a failure, for a video with no tracks, captions off or unavailable", async () => {
    fake.addVideo({ id: "notracks000", captions: [] });
    fake.addVideo({ id: "disabled000", captions: "disabled" });
    fake.addVideo({ id: "removed0000", captions: "unavailable" });
    for (const videoId of ["notracks000", "disabled000", "removed0000", "neveradded0"]) {
      expect(await source().fetch({ videoId, language: "en" })).toBeNull();
    }
    expect(fake.calls).toEqual({ watch: 4, player: 4, timedtext: 0 });
  });

  it("reads the text as spoken: entities decoded, line breaks joined, blank lines left out", async () => {
    captioned({
      languageCode: "en",
      kind: "manual",
      lines: [
        { startSeconds: 0, text: 'Tom & Jerry\'s "best" <bits>' },
        { startSeconds: 2.5, text: "   " },
        { startSeconds: 3.75, text: "  two\nlines &#169; &eacute;  " },
      ],
    });
    expect((await source().fetch({ videoId: VIDEO, language: "en" }))?.segments).toEqual([
      { startSeconds: 0, text: 'Tom & Jerry\'s "best" <bits>' },
      { startSeconds: 3.75, text: "two lines &#169; &eacute;" },
    ]);
  });

  it("has no transcript when every line is blank", async () => {
    captioned({ languageCode: "en", kind: "manual", lines: [{ startSeconds: 0, text: " \n " }] });
    expect(await source().fetch({ videoId: VIDEO })).toBeNull();
  });

  describe("when YouTube fails", () => {
    it("rides out two 429s, waiting longer after each", async () => {
      captioned(track("en", "manual"));
      fake.fail("any", { kind: "rateLimited" }, 2);
      const started = Date.now();
      expect(await source(50).fetch({ videoId: VIDEO })).toMatchObject({ kind: "manual" });
      expect(Date.now() - started).toBeGreaterThanOrEqual(50 + 100);
      expect(fake.calls).toEqual({ watch: 3, player: 1, timedtext: 1 });
    });

    it("gives up on a server that keeps answering 500 after the set number of tries", async () => {
      captioned(track("en", "manual"));
      fake.fail("timedtext", { kind: "serverError", status: 500 });
      const fetching = source().fetch({ videoId: VIDEO });
      await expect(fetching).rejects.toThrow(TranscriptUnavailableError);
      await expect(fetching).rejects.toThrow(/HTTP 500/);
      expect(fake.calls).toEqual({ watch: ATTEMPTS, player: ATTEMPTS, timedtext: ATTEMPTS });
    });

    it("gives up on requests that take longer than the timeout", async () => {
      captioned(track("en", "manual"));
      fake.fail("player", { kind: "slow", delayMs: 1_000 });
      await expect(source(5, 150).fetch({ videoId: VIDEO })).rejects.toThrow(TranscriptUnavailableError);
      expect(fake.calls.player).toBe(ATTEMPTS);
    });

    it("tries a body it cannot read once more, then gives up", async () => {
      captioned(track("en", "manual"));
      for (const endpoint of ["watch", "player", "timedtext"] as const) {
        fake.fail(endpoint, { kind: "malformed" });
        fake.resetCalls();
        await expect(source().fetch({ videoId: VIDEO })).rejects.toThrow(TranscriptUnavailableError);
        expect(fake.calls[endpoint]).toBe(2);
        fake.heal();
      }
      fake.fail("player", { kind: "malformed" }, 1);
      expect(await source().fetch({ videoId: VIDEO })).toMatchObject({ kind: "manual" });
    });

    it("takes a captcha page for a rate limit, not a page it cannot read", async () => {
      captioned(track("en", "manual"));
      const body = '<!DOCTYPE html><html><body><form><div class="g-recaptcha"></div></form></body></html>';
      fake.fail("watch", { kind: "malformed", body });
      await expect(source().fetch({ videoId: VIDEO })).rejects.toThrow(/captcha/);
      expect(fake.calls.watch).toBe(ATTEMPTS);
    });

    it("does not take a line without a start time", async () => {
      captioned(track("en", "manual"));
      const body = '<transcript><text start="soon" dur="1">Hello</text></transcript>';
      fake.fail("timedtext", { kind: "malformed", body });
      await expect(source().fetch({ videoId: VIDEO })).rejects.toThrow(TranscriptUnavailableError);
    });
  });

  describe("cached", () => {
    it("asks YouTube once for a video fetched twice, or twice at once", async () => {
      captioned(track("en", "manual"));
      const cached = cachedTranscriptSource(source(), memoryTranscriptCache());
      const [first, second] = await Promise.all([
        cached.fetch({ videoId: VIDEO }),
        cached.fetch({ videoId: VIDEO }),
      ]);
      const third = await cached.fetch({ videoId: VIDEO });
      expect(first).toMatchObject({ kind: "manual", segments: [{ text: "manual en" }] });
      expect([second, third]).toEqual([first, first]);
      expect(fake.calls).toEqual({ watch: 1, player: 1, timedtext: 1 });
      expect(cached.name).toBe("youtube-captions");
    });

    it("keeps knowing a video has no captions", async () => {
      fake.addVideo({ id: VIDEO, captions: "disabled" });
      const cached = cachedTranscriptSource(source(), memoryTranscriptCache());
      expect(await cached.fetch({ videoId: VIDEO })).toBeNull();
      expect(await cached.fetch({ videoId: VIDEO })).toBeNull();
      expect(fake.calls.watch).toBe(1);
    });

    it("asks again after a failure", async () => {
      captioned(track("en", "manual"));
      const cached = cachedTranscriptSource(source(), memoryTranscriptCache());
      fake.fail("watch", { kind: "serverError" }, ATTEMPTS);
      await expect(cached.fetch({ videoId: VIDEO })).rejects.toThrow(TranscriptUnavailableError);
      expect(await cached.fetch({ videoId: VIDEO })).toMatchObject({ kind: "manual" });
      expect(fake.calls.watch).toBe(ATTEMPTS + 1);
    });
  });
});
