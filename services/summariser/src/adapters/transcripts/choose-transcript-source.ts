import type { Kysely } from "kysely";
import type { TranscriptSettings, TranscriptStep } from "../../config.ts";
import { createDemoTranscriptSource } from "../../demo/demo-transcripts.ts";
import type { SummariserDatabase } from "../../store/database.ts";
import { TranscriptRepository } from "../../store/transcript-repository.ts";
import { cachedTranscriptSource } from "./cached-transcript-source.ts";
import { type TranscriptChainObserver, transcriptChain } from "./transcript-chain.ts";
import type { TranscriptSource } from "./transcript-source.ts";
import { createYoutubeCaptionSource } from "./youtube-caption-source.ts";

/**
 * The transcript source the settings name: the demo's, or the chain of configured steps (InnerTube's app
 * clients, the caption pages, the same through a proxy, a transcript API, Gemini, speech-to-text), with
 * what it fetches kept in the database, so a video's transcript is fetched once. Each step's libraries
 * (youtubei.js, the proxy agents, Google's and OpenAI's SDKs) are loaded only when a step needs them.
 */
export async function chooseTranscriptSource(
  settings: TranscriptSettings,
  db: Kysely<SummariserDatabase>,
  observer: TranscriptChainObserver,
): Promise<TranscriptSource> {
  const source =
    settings.source === "demo"
      ? createDemoTranscriptSource()
      : transcriptChain(
          await Promise.all(
            (settings.steps ?? ["captions"]).map((step) => stepSource(step, settings, observer)),
          ),
          observer,
        );
  return cachedTranscriptSource(source, new TranscriptRepository(db, source.name));
}

async function stepSource(
  step: TranscriptStep,
  settings: TranscriptSettings,
  observer: TranscriptChainObserver,
): Promise<TranscriptSource> {
  switch (step) {
    case "innertube": {
      const { createInnertubeCaptionSource } = await import("./innertube-caption-source.ts");
      return createInnertubeCaptionSource({
        baseUrl: settings.youtubeBaseUrl,
        clients: settings.innertubeClients,
        poTokenProviderUrl: settings.poTokenProviderUrl,
      });
    }
    case "captions":
      return createYoutubeCaptionSource({ baseUrl: settings.youtubeBaseUrl });
    case "captions-proxy": {
      if (!settings.proxyUrl) throw new RangeError("the captions-proxy step needs a proxy URL");
      const { proxiedRequester } = await import("./http/proxied-requester.ts");
      return createYoutubeCaptionSource({
        baseUrl: settings.youtubeBaseUrl,
        requester: proxiedRequester(settings.proxyUrl),
        name: "youtube-captions-proxy",
      });
    }
    case "gemini": {
      if (!settings.gemini) throw new RangeError("the gemini step needs its key");
      const { createGeminiTranscriptSource } = await import("./gemini-transcript-source.ts");
      return createGeminiTranscriptSource(settings.gemini, ({ videoId, ...spent }) =>
        observer.cost("gemini", { videoId, ...spent }),
      );
    }
    case "transcript-api": {
      if (!settings.api) throw new RangeError("the transcript-api step needs its key");
      const { createTranscriptApiSource } = await import("./transcript-api-source.ts");
      return createTranscriptApiSource(settings.api);
    }
    case "speech-to-text": {
      if (!settings.speechToText) throw new RangeError("the speech-to-text step needs its key");
      const { createSpeechToTextSource } = await import("./speech-to-text-source.ts");
      return createSpeechToTextSource({
        ...settings.speechToText,
        proxyUrl: settings.proxyUrl,
        potProviderUrl: settings.poTokenProviderUrl,
      });
    }
  }
}
