import { seededRandom } from "@tubedigest/testing/seeded-random";
import { dueDigestWeeks } from "../../../services/summariser/src/digest/digest-week.ts";

/** How big the run is: its command-line options. */
export interface ScenarioSize {
  users: number;
  channels: number;
  followsPerUser: number;
  videosPerChannel: number;
}

/**
 * Why a user gets this week's digest or not. Every twentieth user is one of the four kinds that must get
 * none, so the exactly-once check also checks that nobody else is mailed.
 */
export type UserKind =
  | "trial"
  | "paid"
  | "trial-ended"
  | "expired"
  | "unsubscribed"
  /** Signed up after their Monday 09:00: eligible, but this week is not theirs yet. */
  | "joined-this-week";

const INELIGIBLE_KINDS: UserKind[] = ["trial-ended", "expired", "unsubscribed", "joined-this-week"];
const INELIGIBLE_EVERY = 20;

export interface BenchUser {
  index: number;
  userId: string;
  email: string;
  timeZone: string;
  kind: UserKind;
  registeredAt: Date;
  /** Indexes into `channels`, distinct. */
  follows: number[];
}

export interface BenchChannel {
  id: string;
  title: string;
}

export interface BenchVideo {
  id: string;
  channelId: string;
  title: string;
  description: string;
  publishedAt: Date;
  durationSeconds: number;
}

export interface Scenario {
  /** The digest.due slot: a Monday 19:00 UTC, when Honolulu's 09:00 comes, the last zone here to reach it. */
  slot: Date;
  users: BenchUser[];
  channels: BenchChannel[];
  videos: BenchVideo[];
  /** Users whose digest must reach the sink, once each. */
  recipients: BenchUser[];
  /** Videos of the channels the recipients follow: what the run has to summarise. */
  videosToSummarise: BenchVideo[];
}

/**
 * Zones from UTC−10 to UTC+13 whatever the season: every one's Monday 09:00 falls within the 23 hours
 * before the slot, inside the summariser's 24-hour catch-up, so one digest.due reaches them all.
 */
const TIME_ZONES = [
  "Pacific/Honolulu",
  "America/Anchorage",
  "America/Los_Angeles",
  "America/Denver",
  "America/Chicago",
  "America/New_York",
  "America/Sao_Paulo",
  "UTC",
  "Europe/London",
  "Europe/Berlin",
  "Africa/Cairo",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Asia/Shanghai",
  "Asia/Tokyo",
  "Australia/Adelaide",
  "Australia/Sydney",
  "Pacific/Auckland",
];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The digest's catch-up window, as the summariser's default has it. */
const CATCH_UP_HOURS = 24;

/** How long before the slot each kind signed up: the trial users' trials still run at the slot, the others' ended. */
const SIGNED_UP_BEFORE_SLOT_MS: Record<UserKind, number> = {
  trial: 3 * DAY_MS,
  paid: 30 * DAY_MS,
  "trial-ended": 10 * DAY_MS,
  expired: 60 * DAY_MS,
  unsubscribed: 30 * DAY_MS,
  "joined-this-week": HOUR_MS,
};

/** The latest Monday 19:00 UTC at or before `now`. */
export function latestSlot(now: Date): Date {
  const slot = new Date(now);
  slot.setUTCHours(19, 0, 0, 0);
  const daysSinceMonday = (slot.getUTCDay() + 6) % 7;
  slot.setUTCDate(slot.getUTCDate() - daysSinceMonday);
  if (slot > now) slot.setUTCDate(slot.getUTCDate() - 7);
  return slot;
}

const hex = (value: number, digits: number) => value.toString(16).padStart(digits, "0");
/** A UUID that says which user it is (the run's schemas are its own, so ids never meet another run's). */
const userIdOf = (index: number) => `b0000000-0000-4000-8000-${hex(index, 12)}`;
/** "UC" and 22 characters, as YouTube's channel ids. */
const channelIdOf = (index: number) => `UCbenchdigest${String(index).padStart(11, "0")}`;
/** 11 characters, as YouTube's video ids. */
const videoIdOf = (channel: number, video: number) =>
  `bv${String(channel).padStart(6, "0")}x${String(video).padStart(2, "0")}`;

function kindOf(index: number): UserKind {
  if (index % INELIGIBLE_EVERY === INELIGIBLE_EVERY - 1) {
    return INELIGIBLE_KINDS[Math.floor(index / INELIGIBLE_EVERY) % INELIGIBLE_KINDS.length] ?? "expired";
  }
  return index % 2 === 0 ? "trial" : "paid";
}

/** The population: users in many zones, each following a few channels at random, each channel with its week of videos. */
export function buildScenario(size: ScenarioSize, now = new Date()): Scenario {
  const slot = latestSlot(now);
  for (const zone of TIME_ZONES) {
    if (dueDigestWeeks(zone, slot, CATCH_UP_HOURS).length === 0)
      throw new Error(`${zone}'s Monday 09:00 is not due at ${slot.toISOString()}`);
  }
  const random = seededRandom(20261123);
  const channels = Array.from({ length: size.channels }, (_, index) => ({
    id: channelIdOf(index),
    title: `Bench channel ${index}`,
  }));
  // Published between six days and one day before the slot: inside every zone's week, and before anyone's Monday.
  const videos = channels.flatMap((channel, c) =>
    Array.from({ length: size.videosPerChannel }, (_, v) => ({
      id: videoIdOf(c, v),
      channelId: channel.id,
      title: `${channel.title}: episode ${v + 1} of the week`,
      description: `What ${channel.title} covered in its episode ${v + 1}.`,
      publishedAt: new Date(slot.getTime() - 6 * DAY_MS + Math.floor(random() * 5 * DAY_MS)),
      durationSeconds: 300 + Math.floor(random() * 1_500),
    })),
  );
  const users = Array.from({ length: size.users }, (_, index): BenchUser => {
    const kind = kindOf(index);
    const follows = new Set<number>();
    while (follows.size < Math.min(size.followsPerUser, size.channels)) {
      follows.add(Math.floor(random() * size.channels));
    }
    return {
      index,
      userId: userIdOf(index),
      email: `reader${index}@example.com`,
      // Auckland's Monday 09:00 is the earliest here: an hour before the slot is after it in any season.
      timeZone:
        kind === "joined-this-week" ? "Pacific/Auckland" : (TIME_ZONES[index % TIME_ZONES.length] ?? "UTC"),
      kind,
      registeredAt: new Date(slot.getTime() - SIGNED_UP_BEFORE_SLOT_MS[kind]),
      follows: [...follows],
    };
  });
  const recipients = users.filter((user) => user.kind === "trial" || user.kind === "paid");
  const followed = new Set(recipients.flatMap((user) => user.follows.map((c) => channels[c]?.id)));
  const videosToSummarise = videos.filter((video) => followed.has(video.channelId));
  return { slot, users, channels, videos, recipients, videosToSummarise };
}
