import { describe, expect, it } from "vitest";
import type { TranscriptStepOutcome } from "../../shared/summariser-metrics.ts";
import { transcriptChain } from "./transcript-chain.ts";
import { type Transcript, type TranscriptSource, TranscriptUnavailableError } from "./transcript-source.ts";

const transcript = (kind: Transcript["kind"]): Transcript => ({
  language: "en",
  kind,
  segments: [{ startSeconds: 0, text: kind }],
});

/** A source that answers as it is told, counting what it is asked. */
function step(name: string, answer: Transcript | null | Error) {
  const asked: string[] = [];
  const source: TranscriptSource = {
    name,
    async fetch(request) {
      asked.push(request.videoId);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { source, asked };
}

function observed() {
  const steps: [string, TranscriptStepOutcome][] = [];
  return {
    steps,
    observer: {
      step: (name: string, outcome: TranscriptStepOutcome) => steps.push([name, outcome]),
      cost: () => undefined,
    },
  };
}

describe("the transcript chain", () => {
  it("answers the first source's transcript, asking the later ones nothing", async () => {
    const refused = step(
      "youtube-captions",
      new TranscriptUnavailableError("v: YouTube refused the player: Sign in to confirm you’re not a bot"),
    );
    const none = step("youtube-captions-proxy", null);
    const api = step("transcript-api", transcript("transcript-api"));
    const speech = step("speech-to-text", transcript("speech-to-text"));
    const { steps, observer } = observed();
    const chain = transcriptChain([refused.source, none.source, api.source, speech.source], observer);
    expect(chain.name).toBe("youtube-captions+youtube-captions-proxy+transcript-api+speech-to-text");
    expect((await chain.fetch({ videoId: "v" }))?.kind).toBe("transcript-api");
    expect(speech.asked).toEqual([]);
    expect(steps).toEqual([
      ["youtube-captions", "refused"],
      ["youtube-captions-proxy", "empty"],
      ["transcript-api", "served"],
    ]);
  });

  it("answers none when no source has one and one could say so, even if another failed", async () => {
    const { steps, observer } = observed();
    const chain = transcriptChain(
      [step("a", new TranscriptUnavailableError("refused")).source, step("b", null).source],
      observer,
    );
    expect(await chain.fetch({ videoId: "v" })).toBeNull();
    expect(steps).toEqual([
      ["a", "failed"],
      ["b", "empty"],
    ]);
  });

  it("is unavailable when every source failed, whatever the failure, naming each", async () => {
    const chain = transcriptChain(
      [step("a", new TranscriptUnavailableError("refused")).source, step("b", new Error("bad data")).source],
      observed().observer,
    );
    await expect(chain.fetch({ videoId: "v" })).rejects.toThrow(
      new TranscriptUnavailableError("no transcript source could answer (a: refused; b: bad data)"),
    );
  });

  it("keeps a lone source's own name and failures", async () => {
    const { steps, observer } = observed();
    const chain = transcriptChain(
      [step("youtube-captions", new TranscriptUnavailableError("/watch answered HTTP 429")).source],
      observer,
    );
    expect(chain.name).toBe("youtube-captions");
    await expect(chain.fetch({ videoId: "v" })).rejects.toThrow("429");
    expect(steps).toEqual([["youtube-captions", "rate-limited"]]);
  });
});
