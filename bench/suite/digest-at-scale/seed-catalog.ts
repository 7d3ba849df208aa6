import pg from "pg";
import { insertColumns } from "./insert-columns.ts";
import type { Scenario } from "./scenario.ts";
import { followedAt } from "./seed-summariser-follows.ts";

/** Catalog last asked YouTube about each channel this long before the run: past its hourly reuse, as on any Monday. */
const LAST_UPLOAD_CHECK_AGO_MS = 3 * 3_600_000;
/**
 * Catalog's own tables, written directly: the channels (details known, uploads last checked three hours
 * ago), this week's videos its checks stored, and the follows. No event path fills them: catalog learns
 * videos from YouTube, and a follow is an HTTP request (50,000 of them) checked against YouTube.
 */
export async function seedCatalog(
  database: { url: string; schema: string },
  scenario: Scenario,
): Promise<void> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const table = (name: string) => `"${database.schema}".${name}`;
  const now = new Date();
  const checkedAt = new Date(now.getTime() - LAST_UPLOAD_CHECK_AGO_MS);
  try {
    const { channels, videos, users } = scenario;
    await insertColumns(client, table("channels"), {
      youtube_channel_id: { type: "text", values: channels.map((channel) => channel.id) },
      title: { type: "text", values: channels.map((channel) => channel.title) },
      description: { type: "text", values: channels.map((channel) => `About ${channel.title}.`) },
      thumbnail_url: {
        type: "text",
        values: channels.map((channel) => `https://example.invalid/${channel.id}.jpg`),
      },
      subscriber_count: { type: "bigint", values: channels.map((_, index) => 1_000 + index) },
      details_refreshed_at: { type: "timestamptz", values: channels.map(() => now) },
      uploads_checked_at: { type: "timestamptz", values: channels.map(() => checkedAt) },
    });
    await insertColumns(client, table("videos"), {
      youtube_video_id: { type: "text", values: videos.map((video) => video.id) },
      youtube_channel_id: { type: "text", values: videos.map((video) => video.channelId) },
      title: { type: "text", values: videos.map((video) => video.title) },
      published_at: { type: "timestamptz", values: videos.map((video) => video.publishedAt) },
      duration_seconds: { type: "integer", values: videos.map((video) => video.durationSeconds) },
      thumbnail_url: {
        type: "text",
        values: videos.map((video) => `https://i.ytimg.com/vi/${video.id}/hq.jpg`),
      },
      is_short: { type: "boolean", values: videos.map(() => false) },
      live_status: { type: "text", values: videos.map(() => "none") },
    });
    const follows = users.flatMap((user) => user.follows.map((c) => ({ user, channel: channels[c] })));
    await insertColumns(client, table("follows"), {
      user_id: { type: "uuid", values: follows.map((follow) => follow.user.userId) },
      youtube_channel_id: { type: "text", values: follows.map((follow) => follow.channel?.id) },
      followed_at: {
        type: "timestamptz",
        values: follows.map((follow) => followedAt(follow.user.registeredAt)),
      },
    });
  } finally {
    await client.end();
  }
}
