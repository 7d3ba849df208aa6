import type { Kysely } from "kysely";
import type { SummariserSettings } from "../config.ts";
import { createDemoTranscriptSource } from "../demo/demo-transcripts.ts";
import type { SummariserDatabase } from "../store/database.ts";
import { TranscriptRepository } from "../store/transcript-repository.ts";
import { cachedTranscriptSource } from "./cached-transcript-source.ts";
import type { TranscriptSource } from "./transcript-source.ts";
import { createYoutubeCaptionSource } from "./youtube-caption-source.ts";

/**
 * The transcript source the settings name, with what it fetches kept in the database, so a video's
 * captions are downloaded once. Another source (a transcript API, a self-hosted speech-to-text) is one
 * more case here and one more value of TRANSCRIPT_SOURCE.
 */
export function chooseTranscriptSource(
  settings: SummariserSettings["transcripts"],
  db: Kysely<SummariserDatabase>,
): TranscriptSource {
  const source =
    settings.source === "demo"
      ? createDemoTranscriptSource()
      : createYoutubeCaptionSource({ baseUrl: settings.youtubeBaseUrl });
  return cachedTranscriptSource(source, new TranscriptRepository(db, source.name));
}
