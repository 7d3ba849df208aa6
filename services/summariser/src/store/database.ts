import type { BusTables } from "@tubedigest/bus";
import type { ColumnType, Generated } from "kysely";
import type { TranscriptSegment } from "../transcripts/transcript-source.ts";
import type { KeyPoint } from "../writers/summary-writer.ts";

/** A jsonb column: read as the value, written as its JSON text (pg would send an array as a Postgres array). */
type Json<T> = ColumnType<T | null, string | null, string | null>;

export interface VideosTable {
  video_id: string;
  channel_id: string;
  title: string;
  description: string;
  published_at: Date;
  duration_seconds: number | null;
  live_status: "none" | "live" | "upcoming";
  is_short: boolean;
  fetched_at: Date;
}

export interface TranscriptsTable {
  video_id: string;
  source: string;
  language: string | null;
  kind: "manual" | "automatic" | "demo" | null;
  /** Null: the video has no captions. */
  segments: Json<TranscriptSegment[]>;
  fetched_at: Date;
}

export type SummaryStatus = "pending" | "ready" | "failed";

export interface SummariesTable {
  video_id: string;
  version: string;
  status: SummaryStatus;
  claimed_by: string | null;
  lease_until: Date | null;
  attempts: Generated<number>;
  key_points: Json<KeyPoint[]>;
  paragraph: string | null;
  language: string | null;
  basis: "transcript" | "description" | null;
  model: string | null;
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  llm_calls: Generated<number>;
  failure_reason: string | null;
  retry_after: Date | null;
  created_at: Generated<Date>;
  completed_at: Date | null;
}

/** "placing" while billing is asked for the charge; "requested" once held and queued for the worker. */
export type OrderStatus = "placing" | "requested" | "delivered" | "failed";

export interface SingleVideoOrdersTable {
  id: string;
  user_id: string;
  video_id: string;
  hold_id: string | null;
  status: OrderStatus;
  failure_reason: string | null;
  created_at: Date;
  completed_at: Date | null;
}

export interface SummariserDatabase extends BusTables {
  videos: VideosTable;
  transcripts: TranscriptsTable;
  summaries: SummariesTable;
  single_video_orders: SingleVideoOrdersTable;
}
