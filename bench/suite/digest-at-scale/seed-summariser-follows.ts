import pg from "pg";
import { insertColumns } from "./insert-columns.ts";
import type { Scenario } from "./scenario.ts";

/**
 * The summariser's read model of who follows what, written as its channel.followed handler writes it
 * (`follows`: following, followed and changed when the follow happened). Through the bus every follow
 * would be an inbox transaction of its own, most of the seeding's time, so only the users' sign-ups and
 * billing's events go through the bus.
 */
export async function seedSummariserFollows(
  database: { url: string; schema: string },
  scenario: Scenario,
): Promise<void> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const follows = scenario.users.flatMap((user) =>
      user.follows.map((c) => ({ user, channel: scenario.channels[c], at: followedAt(user.registeredAt) })),
    );
    await insertColumns(client, `"${database.schema}".follows`, {
      user_id: { type: "uuid", values: follows.map((follow) => follow.user.userId) },
      youtube_channel_id: { type: "text", values: follows.map((follow) => follow.channel?.id) },
      title: { type: "text", values: follows.map((follow) => follow.channel?.title) },
      following: { type: "boolean", values: follows.map(() => true) },
      followed_at: { type: "timestamptz", values: follows.map((follow) => follow.at) },
      changed_at: { type: "timestamptz", values: follows.map((follow) => follow.at) },
    });
  } finally {
    await client.end();
  }
}

/** A user follows their channels an hour after signing up, in catalog's table and the summariser's alike. */
export const followedAt = (signedUp: Date) => new Date(signedUp.getTime() + 3_600_000);
