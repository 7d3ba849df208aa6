import type { BusTables } from "@tubedigest/bus";
import type { ColumnType, Generated } from "kysely";

/** int8 comes back as text from pg and PGlite alike; numbers go in. */
type BigIntColumn = ColumnType<string | null, number | null, number | null>;

/** A YouTube channel as catalog last saw it; shared by every follower. */
export interface ChannelsTable {
  youtube_channel_id: string;
  title: string;
  description: string;
  thumbnail_url: string;
  subscriber_count: BigIntColumn;
  uploads_playlist_id: string | null;
  details_refreshed_at: Date;
  /** The last successful upload check; null until the first. */
  uploads_checked_at: Date | null;
  /** While set and ahead, one replica's tick has leased the channel's check; null when nobody has. */
  upload_check_leased_until: Date | null;
  created_at: Generated<Date>;
}

export interface FollowsTable {
  user_id: string;
  youtube_channel_id: string;
  followed_at: Generated<Date>;
}

export type LiveStatus = "none" | "live" | "upcoming";

/** A detected upload, stored once however many users follow its channel. */
export interface VideosTable {
  youtube_video_id: string;
  youtube_channel_id: string;
  title: string;
  published_at: Date;
  duration_seconds: number | null;
  thumbnail_url: string;
  is_short: boolean;
  live_status: LiveStatus;
  detected_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Units spent per Pacific-time day (YouTube's quota day), by purpose. */
export interface QuotaLedgerTable {
  /** YYYY-MM-DD in America/Los_Angeles. */
  day: string;
  search_units: Generated<number>;
  lookup_units: Generated<number>;
  upload_units: Generated<number>;
  /** Set when YouTube itself said the quota is spent; nothing more is asked that day. */
  exhausted_at: Date | null;
}

/** Read model of what billing last said each user may follow; no row means billing has said nothing yet. */
export interface UserPlansTable {
  user_id: string;
  /** Null without a paid plan (trial ended, subscription expired). */
  plan: string | null;
  channel_allowance: number;
  /** When billing made the change (its event's occurredAt): an older event changes nothing. */
  changed_at: Date;
  updated_at: Generated<Date>;
}

export interface CatalogDatabase extends BusTables {
  channels: ChannelsTable;
  follows: FollowsTable;
  videos: VideosTable;
  quota_ledger: QuotaLedgerTable;
  user_plans: UserPlansTable;
}
