import type { BusTables } from "@tubedigest/bus";
import type { DigestCadence } from "@tubedigest/contracts/delivery-time";
import type { StoredGlanceLine } from "@tubedigest/contracts/digest";
import type { ColumnType, Generated } from "kysely";
import type { KeyPoint, SummarySection } from "../adapters/summary-writers/summary-writer.ts";
import type { TranscriptKind, TranscriptSegment } from "../adapters/transcripts/transcript-source.ts";

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
  /** The language spoken, when the uploader set it (a BCP 47 code). */
  language: Generated<string | null>;
}

export interface TranscriptsTable {
  video_id: string;
  source: string;
  language: string | null;
  kind: TranscriptKind | null;
  /** Null: the video has no captions. */
  segments: Json<TranscriptSegment[]>;
  fetched_at: Date;
  served_by: Generated<string | null>;
  cost_usd: Generated<number | null>;
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
  transcript_kind: TranscriptKind | null;
  transcript_language: string | null;
  sections: Json<SummarySection[]>;
  /** The language a reader asked for; '' for the video's own. */
  asked_language: Generated<string>;
  translated_from: string | null;
  upgrade_after: Date | null;
  upgrades: Generated<number>;
}

/**
 * "quoted" while its price is shown and not yet confirmed (nothing held; it expires); "placing" while
 * billing is asked for the charge; "requested" once held and queued for the worker; then "delivered" or
 * "failed" (the hold released).
 */
export type SingleSummaryRowStatus = "quoted" | "placing" | "requested" | "delivered" | "failed";

export interface SingleSummaryOrdersTable {
  id: string;
  user_id: string;
  video_id: string;
  hold_id: string | null;
  status: SingleSummaryRowStatus;
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
  /** The reader's delivery day (ISO: Monday 1 … Sunday 7) and hour, in their zone. */
  delivery_weekday: Generated<number>;
  delivery_hour: Generated<number>;
  /** One week's delivery kept at its earlier instant by a change made after the new time had passed. */
  pinned_week_key: string | null;
  pinned_week_start: string | null;
  pinned_due_at: Date | null;
  /** "weekly" (on the delivery day and hour) or "daily" (every day at the hour); daily stands only with `daily_digest`. */
  cadence: Generated<DigestCadence>;
  /** Whether the reader's plan includes a daily digest, as billing last said; null until it has. */
  daily_digest: boolean | null;
  /** Paused in settings: until `digest_paused_until` (the first day, local, a digest may come again), or until resumed when null. */
  digest_paused: Generated<boolean>;
  digest_paused_until: string | null;
  /** When the reader last resumed: a week due before it (paused at its Monday 09:00) is not sent late. */
  digest_resumed_at: Date | null;
  pause_changed_at: Date | null;
  /** The language the reader wants summaries in; null for each video's own. */
  summary_language: string | null;
  summary_language_changed_at: Date | null;
  /** What the reader cares about ("engine design, not news"), which orders their digest; null for none. */
  focus: string | null;
}

/**
 * "queued" until a compose job leases it ("composing", under a lease); then "composed" (a newsletter),
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
  /** The week at a glance, as mailed; null on newsletters made before it. */
  glance: ColumnType<StoredGlanceLine[] | null, string | null, never>;
  /** The reader's focus the newsletter was ordered for; null for none (and on newsletters made before it). */
  focus: string | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
  covered_until: Date;
}

/** A key point as the archive keeps it: its text and the moment it is said. */
export interface ArchivePoint {
  text: string;
  moment: { label: string; url: string } | null;
}

/** One video a reader received in a newsletter, as its text is searched. */
export interface ArchiveEntriesTable {
  newsletter_id: string;
  position: number;
  user_id: string;
  received_at: Date;
  channel_title: string;
  video_title: string;
  video_url: string;
  published_at: Date | null;
  key_points: ColumnType<ArchivePoint[], string, never>;
  points_text: string;
  paragraph: string;
}

/** A video's summary shared by link: what its public page shows, and whose it is to stop sharing. */
export interface SharedSummariesTable {
  id: string;
  user_id: string;
  video_url: string;
  title: string;
  channel_title: string;
  published_at: Date | null;
  summary_markdown: string;
  created_at: Generated<Date>;
}

export interface PreviewClientsTable {
  /** The client's address, or its IPv6 network (/64): see clientNetwork in libs/http. */
  client: string;
  youtube_channel_id: string;
  previewed_at: Date;
}

export interface SummariserDatabase extends BusTables {
  videos: VideosTable;
  transcripts: TranscriptsTable;
  summaries: SummariesTable;
  single_video_orders: SingleSummaryOrdersTable;
  follows: FollowsTable;
  recipients: RecipientsTable;
  digests: DigestsTable;
  newsletters: NewslettersTable;
  preview_clients: PreviewClientsTable;
  archive_entries: ArchiveEntriesTable;
  shared_summaries: SharedSummariesTable;
}
