import type { Kysely } from "kysely";
import type { Transcript } from "../adapters/transcripts/transcript-source.ts";
import type { SummariserDatabase } from "./database.ts";

/**
 * Transcripts fetched, and videos known to have none, so captions are downloaded once per video. Each
 * row names its source, so a video found captionless by one source is asked of another configured later.
 */
export class TranscriptRepository {
  constructor(
    private readonly db: Kysely<SummariserDatabase>,
    private readonly source: string,
  ) {}

  /** The transcript; null when the video is known to have none; undefined when never asked. */
  async get(videoId: string): Promise<Transcript | null | undefined> {
    const row = await this.db
      .selectFrom("transcripts")
      .selectAll()
      .where("video_id", "=", videoId)
      .where("source", "=", this.source)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.segments === null || row.language === null || row.kind === null) return null;
    return {
      language: row.language,
      kind: row.kind,
      segments: row.segments,
      servedBy: row.served_by ?? undefined,
      costUsd: row.cost_usd ?? undefined,
    };
  }

  async put(videoId: string, transcript: Transcript | null): Promise<void> {
    const values = {
      source: this.source,
      language: transcript?.language ?? null,
      kind: transcript?.kind ?? null,
      segments: transcript ? JSON.stringify(transcript.segments) : null,
      served_by: transcript?.servedBy ?? null,
      cost_usd: transcript?.costUsd ?? null,
      fetched_at: new Date(),
    };
    await this.db
      .insertInto("transcripts")
      .values({ video_id: videoId, ...values })
      .onConflict((conflict) => conflict.column("video_id").doUpdateSet(values))
      .execute();
  }
}
