import type { EventData, EventName } from "@tubedigest/contracts";
import { scheduleEventId } from "@tubedigest/contracts/schedule-event-id";
import { createDatabase, type Database } from "@tubedigest/db";
import { unsubscribeKeyFrom, unsubscribeToken } from "@tubedigest/mailer";
import { eventually } from "@tubedigest/testing/eventually";
import { uniqueName } from "@tubedigest/testing/test-infra";
import { sql } from "kysely";
import { expect } from "vitest";
import { Browser, IDENTITY_SECRET, type TestStack } from "../test-stack.ts";

const CHANNELS = 10;
/** Each channel's new videos this week; a Short and an upcoming stream besides, which no digest carries. */
const VIDEOS_PER_CHANNEL = 2;

export type ReaderGroup = "trial" | "paid" | "cancelled-and-expired" | "trial-expired" | "unsubscribed";

/** The groups a digest goes to; the others get none, nor does a cancelled plan that ran out. */
export const MAILED: ReadonlySet<ReaderGroup> = new Set(["trial", "paid"]);

/**
 * Who gets what, in the same shares however many readers there are (a multiple of 40 keeps them whole):
 * 60 % on a trial, 15 % paid, 7.5 % cancelled and expired, 10 % whose trial ended unpaid, 7.5 % unsubscribed.
 */
export function groupOf(index: number, readers: number): ReaderGroup {
  const share = index / readers;
  if (share < 0.6) return "trial";
  if (share < 0.75) return "paid";
  if (share < 0.825) return "cancelled-and-expired";
  if (share < 0.925) return "trial-expired";
  return "unsubscribed";
}

const channelId = (n: number) => `UCweeklydigest${String(n).padStart(10, "0")}`;
export const channelTitle = (youtubeId: string) => `Weekly Channel ${Number(youtubeId.slice(-2))}`;
/** Two or three channels per reader, overlapping with many others'. */
export const channelsOf = (index: number) =>
  [...new Set([index % CHANNELS, (index + 3) % CHANNELS, (index * 7 + 5) % CHANNELS])].map(channelId);

/**
 * The delivery time half the readers outside a trial choose in settings (the day after Monday's slot, on
 * UTC), having first chosen another: their week's digest is due at its own slot. (A trial of 7 days from
 * today may end before a Tuesday a week away.)
 */
export const TUESDAY_SEVEN = { weekday: 2, hour: 7 } as const;
const choosesTuesday = (reader: Reader) => reader.group !== "trial" && reader.index % 2 === 1;

export interface Reader {
  index: number;
  email: string;
  id: string;
  group: ReaderGroup;
  /** Signed up through it; the history is read through it. */
  browser: Browser;
}

export interface DigestReaders {
  all: Reader[];
  /** The readers a digest must reach. */
  eligible: Reader[];
  /** Videos a digest carries (no Shorts, no upcoming streams): one model call each. */
  newVideos: number;
}

/** `select count(*) from <query>` in one of the stack's schemas. */
export async function countRows(database: Database<Record<string, never>>, query: string): Promise<number> {
  const result = await sql<{ n: number }>`${sql.raw(`select count(*)::int as n from ${query}`)}`.execute(
    database.db,
  );
  return result.rows[0]?.n ?? 0;
}

/**
 * A week of the product before Monday, through the gateway: channels with new videos on the fake YouTube,
 * `readers` visitors signed up on the landing page with the channels they picked, their plans as billing
 * settles them, some unsubscribed by the e-mail's link; the summariser's read models caught up, and the
 * hourly tick's uploads summarised once each. `summaries` is the summariser's schema, read straight.
 */
export async function seedDigestReaders(
  stack: TestStack,
  summaries: Database<Record<string, never>>,
  readers: number,
): Promise<DigestReaders> {
  const now = new Date();
  const newVideos = addChannelsWithNewVideos(stack, now);
  const all = await signUp(stack, readers);
  await chooseDeliveryTimes(all.filter(choosesTuesday));
  await settlePlans(stack, all, now);
  await unsubscribeByLink(
    stack,
    all.filter((reader) => reader.group === "unsubscribed"),
  );

  const count = (query: string) => countRows(summaries, query);
  const follows = all.reduce((sum, reader) => sum + channelsOf(reader.index).length, 0);
  const inGroups = (...groups: ReaderGroup[]) => all.filter((reader) => groups.includes(reader.group)).length;
  await expect
    .poll(
      async () => [
        await count("follows where following"),
        await count("recipients where plan_active"),
        await count("recipients where unsubscribed"),
        await count("recipients where trial_ends_at < now()"),
      ],
      { timeout: 60_000, interval: 250 },
    )
    .toEqual([
      follows,
      inGroups("paid"),
      inGroups("unsubscribed"),
      inGroups("cancelled-and-expired", "trial-expired"),
    ]);

  // Through the week: the hourly tick finds the uploads, and each new video is summarised once.
  const tick = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  await stack.events.publish(
    "uploads.check-due",
    { slot: tick.toISOString() },
    { correlationId: "hourly-tick", id: scheduleEventId("uploads.check-due", tick) },
  );
  await expect
    .poll(() => count("summaries where status = 'ready'"), { timeout: 60_000, interval: 250 })
    .toBe(newVideos);
  return { all, eligible: all.filter((reader) => MAILED.has(reader.group)), newVideos };
}

/** Every channel's new videos of the week, a Short and an upcoming stream; answers how many a digest carries. */
function addChannelsWithNewVideos(stack: TestStack, now: Date): number {
  const youtube = stack.youtube;
  if (!youtube) throw new Error("a real stack has the fake YouTube");
  for (let n = 0; n < CHANNELS; n++) {
    youtube.addChannel({ id: channelId(n), title: `Weekly Channel ${n}`, subscriberCount: 1_000 + n });
    for (let v = 0; v < VIDEOS_PER_CHANNEL; v++) {
      youtube.addVideo({
        id: `wd${String(n).padStart(2, "0")}v${v}xxxxxx`.slice(0, 11),
        channelId: channelId(n),
        title: `Episode ${v} of channel ${n}`,
        description: `What episode ${v} of channel ${n} is about, told in a few plain sentences.`,
        publishedAt: new Date(now.getTime() - (v + 1) * 10_000).toISOString(),
        duration: "PT12M30S",
      });
    }
    youtube.addVideo({
      id: `wd${String(n).padStart(2, "0")}shortxx`.slice(0, 11),
      channelId: channelId(n),
      title: "A quick one #shorts",
      publishedAt: new Date(now.getTime() - 5_000).toISOString(),
      duration: "PT40S",
    });
    youtube.addVideo({
      id: `wd${String(n).padStart(2, "0")}livexxx`.slice(0, 11),
      channelId: channelId(n),
      title: "Live on Sunday",
      publishedAt: new Date(now.getTime() - 5_000).toISOString(),
      duration: "P0D",
      liveBroadcastContent: "upcoming",
    });
  }
  return CHANNELS * VIDEOS_PER_CHANNEL;
}

/** Visitors sign up on the landing page, each with the channels they picked; answers them with their ids. */
async function signUp(stack: TestStack, readers: number): Promise<Reader[]> {
  const all: Reader[] = [];
  for (let index = 0; index < readers; index++) {
    const browser = new Browser(stack.gateway);
    const email = `${uniqueName(`digest${index}`)}@example.com`;
    const channels = channelsOf(index).map((youtubeId) => ({
      youtubeId,
      title: channelTitle(youtubeId),
      description: "",
      thumbnailUrl: "https://example.invalid/t.jpg",
      subscriberCount: 1_000,
    }));
    const made = await browser.call("POST", "/api/auth/register-with-email", { email, channels });
    expect(made.statusCode).toBe(201);
    all.push({ index, email, id: "", group: groupOf(index, readers), browser });
  }
  const auth = stack.databases.auth;
  if (!auth) throw new Error("a real stack has an auth schema");
  const accounts = createDatabase<{ users: { id: string; email: string } }>({ ...auth, poolSize: 1 });
  const ids = new Map(
    (await accounts.db.selectFrom("users").select(["id", "email"]).execute()).map((row) => [
      row.email,
      row.id,
    ]),
  );
  await accounts.close();
  for (const reader of all) reader.id = ids.get(reader.email) ?? "";
  expect(all.every((reader) => reader.id)).toBe(true);
  return all;
}

/**
 * Plans as billing settled them earlier in the week: paid at checkout (test mode) days ago, so a plan's
 * first digest went then, before this week's uploads (a plan started now would send one at once);
 * cancelled and run out a month later, the trial long over; and a trial that ended unpaid.
 */
async function settlePlans(stack: TestStack, all: readonly Reader[], now: Date): Promise<void> {
  const publishAsBilling = <Name extends EventName>(name: Name, data: EventData<Name>, occurredAt?: Date) =>
    stack.events.publish(name, data, { correlationId: "as-billing", ...(occurredAt ? { occurredAt } : {}) });
  const daysAgo = new Date(now.getTime() - 3 * 24 * 3_600_000);
  for (const reader of all.filter((r) => r.group === "paid" || r.group === "cancelled-and-expired")) {
    await publishAsBilling(
      "subscription.activated",
      {
        userId: reader.id,
        plan: "creator",
        channelAllowance: 5,
        currentPeriodEnd: new Date(daysAgo.getTime() + 30 * 24 * 3_600_000).toISOString(),
        testMode: true,
      },
      daysAgo,
    );
  }
  const access = (userId: string) => ({ userId, plan: null, channelAllowance: 5 });
  for (const reader of all.filter((r) => r.group === "cancelled-and-expired")) {
    const endsAt = new Date(now.getTime() - 60_000).toISOString();
    await publishAsBilling("trial.ended", { ...access(reader.id), endedAt: endsAt });
    await publishAsBilling("subscription.cancelled", { ...access(reader.id), plan: "creator", endsAt });
    await publishAsBilling("subscription.expired", {
      ...access(reader.id),
      previousPlan: "creator",
      reason: "cancelled",
    });
  }
  for (const reader of all.filter((r) => r.group === "trial-expired")) {
    await publishAsBilling("trial.ended", { ...access(reader.id), endedAt: new Date().toISOString() });
  }
}

/** Signed in by the landing page's claim, each changes the delivery time twice in settings. */
async function chooseDeliveryTimes(readers: readonly Reader[]): Promise<void> {
  for (const reader of readers) {
    const signIn = await reader.browser.call("POST", "/api/auth/login-with-email", { email: reader.email });
    expect(signIn.statusCode, signIn.body).toBe(200);
    for (const time of [{ weekday: 5, hour: 18 }, TUESDAY_SEVEN]) {
      const chosen = await reader.browser.call("PUT", "/api/user/delivery-time", time);
      expect(chosen.statusCode, chosen.body).toBe(200);
    }
  }
}

/** One click on an e-mail's unsubscribe link each. */
async function unsubscribeByLink(stack: TestStack, readers: readonly Reader[]): Promise<void> {
  const unsubscribeKey = unsubscribeKeyFrom(IDENTITY_SECRET);
  for (const reader of readers) {
    const target = `/api/unsubscribe?token=${unsubscribeToken(unsubscribeKey, reader.id)}`;
    await eventually(async () => {
      const reply = await stack.gateway.inject({
        method: "POST",
        url: target,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
      return reply.statusCode === 200 ? true : undefined;
    }, 20_000);
  }
}
