import type { Transcript, TranscriptRequest, TranscriptSource } from "./transcript-source.ts";

/** What is known of each video's transcript, so it is fetched once. */
export interface TranscriptCache {
  /** The transcript; null when the video is known to have none; undefined when it was never asked for. */
  get(videoId: string): Promise<Transcript | null | undefined>;
  put(videoId: string, transcript: Transcript | null): Promise<void>;
}

/**
 * `source` asked once per video: later fetches answer from `cache`, and fetches of one video made while it
 * is being asked share that request. Failures are not kept, so the next fetch asks again; a video known to
 * have none is asked about again only when the request says `refresh`.
 */
export function cachedTranscriptSource(source: TranscriptSource, cache: TranscriptCache): TranscriptSource {
  const asking = new Map<string, Promise<Transcript | null>>();

  async function askAndKeep(request: TranscriptRequest): Promise<Transcript | null> {
    const known = await cache.get(request.videoId);
    if (known || (known === null && !request.refresh)) return known;
    const transcript = await source.fetch(request);
    await cache.put(request.videoId, transcript);
    return transcript;
  }

  return {
    name: source.name,
    fetch(request) {
      const pending = asking.get(request.videoId);
      if (pending) return pending;
      const answer = askAndKeep(request).finally(() => asking.delete(request.videoId));
      asking.set(request.videoId, answer);
      return answer;
    },
  };
}
