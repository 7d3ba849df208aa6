import {
  type FakeTranscriptApi,
  type FakeYoutubeCaptions,
  startFakeTranscriptApi,
  startFakeYoutubeCaptions,
} from "@tubedigest/testing/transcripts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTranscriptApiSource } from "../src/adapters/transcripts/transcript-api-source.ts";
import { transcriptChain } from "../src/adapters/transcripts/transcript-chain.ts";
import { createYoutubeCaptionSource } from "../src/adapters/transcripts/youtube-caption-source.ts";
import type { TranscriptStepOutcome } from "../src/shared/summariser-metrics.ts";

const VIDEO = "ooooooooooo";

describe("the outcomes the chain reports, as the real sources meet the fakes' refusals and limits", () => {
  let captions: FakeYoutubeCaptions;
  let api: FakeTranscriptApi;
  beforeAll(async () => {
    captions = await startFakeYoutubeCaptions();
    api = await startFakeTranscriptApi();
    captions.addVideo({ id: VIDEO, captions: [{ languageCode: "en", kind: "manual", lines: [] }] });
    api.addVideo({ id: VIDEO, lang: "en", lines: [{ startSeconds: 1, text: "Hello" }] });
  });
  afterAll(async () => {
    await captions.close();
    await api.close();
  });
  afterEach(() => {
    captions.heal();
    api.heal();
  });

  /** The outcomes of one fetch through captions, then the transcript API. */
  async function outcomes(): Promise<[string, TranscriptStepOutcome][]> {
    const steps: [string, TranscriptStepOutcome][] = [];
    const chain = transcriptChain(
      [
        createYoutubeCaptionSource({ baseUrl: captions.baseUrl, attempts: 2, retryBaseDelayMs: 5 }),
        createTranscriptApiSource({
          baseUrl: api.baseUrl,
          apiKey: api.apiKey,
          mode: "native",
          attempts: 2,
          retryBaseDelayMs: 5,
        }),
      ],
      { step: (source, outcome) => steps.push([source, outcome]), cost: () => undefined },
    );
    await chain.fetch({ videoId: VIDEO }).catch(() => null);
    return steps;
  }

  it("reports YouTube's bot check as refused and the next source's transcript as served", async () => {
    captions.fail("player", { kind: "blocked" });
    expect(await outcomes()).toEqual([
      ["youtube-captions", "refused"],
      ["transcript-api", "served"],
    ]);
  });

  it("reports a 403 from YouTube as refused", async () => {
    captions.fail("any", { kind: "serverError", status: 403 });
    expect((await outcomes())[0]).toEqual(["youtube-captions", "refused"]);
  });

  it("reports 429s that outlast the retries as rate-limited, from either source", async () => {
    captions.fail("any", { kind: "rateLimited" });
    api.fail({ kind: "rateLimited" });
    expect(await outcomes()).toEqual([
      ["youtube-captions", "rate-limited"],
      ["transcript-api", "rate-limited"],
    ]);
  });

  it("reports an outage or spent credits as failed", async () => {
    captions.fail("any", { kind: "serverError", status: 503 });
    api.fail({ kind: "outOfCredits" });
    expect(await outcomes()).toEqual([
      ["youtube-captions", "failed"],
      ["transcript-api", "failed"],
    ]);
  });
});
