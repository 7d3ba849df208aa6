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

/**
 * "quoted" while its price is shown and not yet confirmed (nothing held; it expires); "placing" while
 * billing is asked for the charge; "requested" once held and queued for the worker; then "delivered" or
 * "failed" (the hold released).
 */
export type OrderStatus = "quoted" | "placing" | "requested" | "delivered" | "failed";

export interface SingleVideoOrdersTable {
  id: string;
  user_id: string;
  video_id: string;
  hold_id: string | null;
  status: OrderStatus;
  failure_reason: string | null;
  created_at: Date;
  completed_at: Date | null;
  /** Null on purchases made before prices were shown, as are the amount and the quote's end. */
  duration_seconds: number | null;
  amount_cents: number | null;
  quote_expires_at: Date | null;
  confirmed_at: Date | null;
  test_mode: boolean | null;
  started_at: Date | null;
  summary_markdown: string | null;
}

export interface FollowsTable {
  user_id: string;
  youtube_channel_id: string;
  title: string;
  following: boolean;
  followed_at: Date | null;
  changed_at: Date;
}

export interface RecipientsTable {
  user_id: string;
  time_zone: Generated<string>;
  time_zone_changed_at: Date | null;
  registered_at: Date | null;
  trial_ends_at: Date | null;
  trial_changed_at: Date | null;
  plan_active: Generated<boolean>;
  plan_changed_at: Date | null;
  unsubscribed: Generated<boolean>;
  unsubscribed_changed_at: Date | null;
}

/**
 * "queued" until a compose job claims it ("composing", under a lease); then "composed" (a newsletter),
 * "skipped" (nothing to send, `reason` says why) or "failed" (its tries ran out; an operator reruns it).
 */
export type DigestStatus = "queued" | "composing" | "composed" | "skipped" | "failed";

export interface DigestsTable {
  user_id: string;
  week_key: string;
  status: DigestStatus;
  reason: string | null;
  newsletter_id: string | null;
  slot: Date;
  due_at: Date;
  week_start: string;
  attempts: Generated<number>;
  claimed_by: string | null;
  lease_until: Date | null;
  covered_until: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A newsletter's channel as stored and sent: the videos with their summaries, newest first. */
export interface NewsletterChannel {
  title: string;
  videos: { title: string; url: string; publishedAt: string; summaryMarkdown: string }[];
}

export interface NewslettersTable {
  id: string;
  user_id: string;
  week_key: string;
  subject: string;
  content: string;
  channels: ColumnType<NewsletterChannel[], string, never>;
  created_at: Generated<Date>;
  sent_at: Date | null;
  covered_until: Date;
}

export interface PreviewClientsTable {
  /** The client's address, or its IPv6 network (/64): see preview-client.ts. */
  client: string;
  youtube_channel_id: string;
  previewed_at: Date;
}

export interface SummariserDatabase extends BusTables {
  videos: VideosTable;
  transcripts: TranscriptsTable;
  summaries: SummariesTable;
  single_video_orders: SingleVideoOrdersTable;
  follows: FollowsTable;
  recipients: RecipientsTable;
  digests: DigestsTable;
  newsletters: NewslettersTable;
  preview_clients: PreviewClientsTable;
}
