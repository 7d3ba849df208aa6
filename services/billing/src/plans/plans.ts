import type { PlanName } from "@tubedigest/contracts";

/**
 * The one place the product's prices and allowances live. The web app reads them from `GET /api/plans`,
 * catalog from billing's events; nobody keeps a copy.
 */
export interface Plan {
  id: PlanName;
  /** The tier's one display name, on every screen and e-mail. */
  name: string;
  description: string;
  /** What the tier gives, each line true of the product as it is: the pricing tables list them. */
  features: readonly string[];
  /** Monthly price in US cents. */
  priceCents: number;
  /** How many channels a subscriber may follow. */
  channelAllowance: number;
  /** Whether the reader may have their digest every day, at their hour, instead of once a week. */
  dailyDigest: boolean;
}

/**
 * What every tier gives, whatever the number of channels: none of these is gated by plan. Archive search
 * (summariser's /api/archive/search), the private feed (mailer's /api/user/feed) and sharing a summary
 * (summariser's /api/shared-summaries) are open to every signed-in reader, named as their pages name them.
 */
const DIGEST_FEATURES = [
  "One e-mail a week, on the day and hour you choose (Monday 9:00 by default)",
  "The key points of each new video, linked to the moment they are said",
  "Every past newsletter kept in your dashboard",
  "Search every newsletter you were sent",
  "A private feed for your feed reader",
  "Share a summary with a link",
];

/** What the tiers with a daily digest add to every tier's. */
const DAILY_FEATURE = "Or one e-mail a day, at the hour you choose";

const PREMIUM_FEATURES = ["Up to 5 channels", ...DIGEST_FEATURES, DAILY_FEATURE];

export const PLANS: readonly Plan[] = [
  {
    id: "solo",
    name: "Solo",
    description: "1 channel with weekly summaries",
    features: ["1 channel", ...DIGEST_FEATURES],
    priceCents: 499,
    channelAllowance: 1,
    dailyDigest: false,
  },
  // The same 5-channel tier as Premium under an earlier name: no new subscription is stored under it
  // (planNamed maps it), and one stored before keeps working, shown as Premium.
  {
    id: "creator",
    name: "Premium",
    description: "Up to 5 channels with weekly summaries",
    features: PREMIUM_FEATURES,
    priceCents: 999,
    channelAllowance: 5,
    dailyDigest: true,
  },
  {
    id: "premium",
    name: "Premium",
    description: "Up to 5 channels with weekly summaries",
    features: PREMIUM_FEATURES,
    priceCents: 999,
    channelAllowance: 5,
    dailyDigest: true,
  },
  {
    id: "pro",
    name: "Pro",
    // The SPEC's "premium features" named nothing Pro gives; what it gives is listed instead.
    description: "Up to 25 channels with weekly summaries",
    features: ["Up to 25 channels", ...DIGEST_FEATURES, DAILY_FEATURE],
    priceCents: 2999,
    channelAllowance: 25,
    dailyDigest: true,
  },
];

/** The tiers a pricing table offers, in order; the others are earlier names of the same tiers. */
export const OFFERED_PLANS: readonly PlanName[] = ["solo", "premium", "pro"];
/** The tier a pricing table marks as the one most readers want. */
export const RECOMMENDED_PLAN: PlanName = "premium";

/** Checkout's plan when none is named, and the price and allowance of a name nobody sells. */
export const DEFAULT_PLAN: PlanName = "premium";
/** The channels a trial, or a user with no paid plan, may follow. */
export const DEFAULT_ALLOWANCE = 5;
export const TRIAL_DAYS = 7;
/** A test-mode subscription's period, renewed by the sweep as Stripe renews a paid one. */
export const TEST_PERIOD_DAYS = 30;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment `days` whole days after `from`. */
export function daysAfter(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}

/** The names the earlier funnels send, and the plan each is sold as now. */
const LEGACY_NAMES: Readonly<Record<string, PlanName>> = {
  creator: "premium",
  weekly: "premium",
  realtime: "premium",
  unlimited: "pro",
};

/** The plan a name a client sent stands for, old names mapped; undefined for a name nobody sells. */
export function planNamed(name: string): Plan | undefined {
  const id = Object.hasOwn(LEGACY_NAMES, name) ? LEGACY_NAMES[name] : name;
  return PLANS.find((plan) => plan.id === id);
}

export function planById(id: PlanName): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`No plan "${id}"`);
  return plan;
}

/** The tier a number of channels needs: up to 3 solo, up to 5 premium, more than that pro. */
export const CHANNEL_COUNT_TIERS: ReadonlyArray<{ upToChannels: number | null; plan: PlanName }> = [
  { upToChannels: 3, plan: "solo" },
  { upToChannels: 5, plan: "premium" },
  { upToChannels: null, plan: "pro" },
];

export function planForChannelCount(count: number): Plan {
  const tier = CHANNEL_COUNT_TIERS.find(
    (candidate) => candidate.upToChannels === null || count <= candidate.upToChannels,
  );
  return planById(tier?.plan ?? "pro");
}

/** Settings' labels for subscriptions stored under the earlier funnel's names, per channel per month. */
export const LEGACY_SETTINGS_LABELS: Readonly<Record<string, { label: string; perChannelCents: number }>> = {
  weekly: { label: "Weekly Digest", perChannelCents: 299 },
  realtime: { label: "Real-Time Updates", perChannelCents: 999 },
};

/** À-la-carte prices: under an hour, up to 4 hours; a longer video cannot be bought. */
export const SINGLE_SUMMARY_PRICING = {
  shortUnderMinutes: 60,
  shortPriceCents: 199,
  longestMinutes: 240,
  longPriceCents: 399,
} as const;

/** The price of one summary of a video this long, or undefined when it is over 4 hours. */
export function singleSummaryPriceCents(durationSeconds: number): number | undefined {
  const pricing = SINGLE_SUMMARY_PRICING;
  if (durationSeconds < pricing.shortUnderMinutes * 60) return pricing.shortPriceCents;
  if (durationSeconds <= pricing.longestMinutes * 60) return pricing.longPriceCents;
  return undefined;
}

/** en-US dollars with two decimals, as every price is shown. */
export function formatPrice(cents: number): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
}
