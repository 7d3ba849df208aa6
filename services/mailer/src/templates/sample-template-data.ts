import type { SiteSettings } from "@tubedigest/config";
import type { DigestVideo, TemplateData } from "./template-data.ts";
import type { TemplateName } from "./template-names.ts";

// Realistic data for the templates' tests and for bench/mail-rendering.ts: summaries written the
// way the summariser writes them (five bold key points with timestamp links, then a paragraph).

const CHANNELS = [
  "Pocket Orbit",
  "Copper Pan Kitchen",
  "Field Notes on Birds",
  "The Slow Carpenter",
  "Numbers Explained",
  "Quiet Garden",
  "Bike Shed Repairs",
  "Old Maps, New Roads",
  "Synth Workbench",
  "Small Business Ledger",
];

const POINTS = [
  "The first stage separates two and a half minutes in, well before the booster runs dry",
  "Cast iron should be heated slowly for ten minutes before anything touches the pan",
  "Most of the error comes from measuring the same quantity twice with different tools",
  "A sharp chisel needs less force, which is why it is safer than a blunt one",
  "Planting in autumn gives the roots a whole winter to settle before the dry months",
];

const PARAGRAPH =
  "The video walks through the idea from first principles, then tests it against three real cases and explains where the simple version breaks down. It ends with a short list of things to try at home, the mistakes people make most often, and where to read more; the last few minutes answer questions from the previous episode's comments.";

/**
 * A summary in the summariser's markdown, for video `id`; its points name the video, as real summaries'
 * points differ from video to video (a digest shows a point said twice in one channel once).
 */
export function sampleSummary(id: string): string {
  const points = POINTS.map(
    (point, index) =>
      `- **${point} \\(${id}\\)** ([${index + 1}:${String(index * 7).padStart(2, "0")}](https://www.youtube.com/watch?v=${id}&t=${60 * (index + 1) + index * 7}s))`,
  );
  return `${points.join("\n")}\n\n${PARAGRAPH}`;
}

/** A digest of `channels` channels with `videosPerChannel` videos each. */
export function sampleDigest(channels: number, videosPerChannel: number): TemplateData["digest"] {
  return {
    recipientName: "Ana",
    weekLabel: "Week of 23 November 2026",
    channels: Array.from({ length: channels }, (_, channel) => ({
      title: CHANNELS[channel % CHANNELS.length] ?? "Channel",
      videos: Array.from({ length: videosPerChannel }, (_, video): DigestVideo => {
        const id = `vid${String(channel).padStart(3, "0")}x${String(video).padStart(4, "0")}`;
        return {
          title: `Episode ${video + 1}: what we learned this week, part ${channel + 1}`,
          url: `https://www.youtube.com/watch?v=${id}`,
          publishedAt: `2026-11-${String(17 + (video % 6)).padStart(2, "0")}T15:00:00Z`,
          summaryMarkdown: sampleSummary(id),
        };
      }),
    })),
    glance: [
      {
        text: `${CHANNELS[0]} and ${CHANNELS[1 % CHANNELS.length]} both covered “cast iron”.`,
        videoUrls: [
          "https://www.youtube.com/watch?v=vid000x0000",
          "https://www.youtube.com/watch?v=vid001x0000",
        ],
      },
      {
        text: `${CHANNELS[0]} posted “Episode 1: what we learned this week, part 1”${videosPerChannel > 1 ? ` and ${videosPerChannel - 1} more video${videosPerChannel > 2 ? "s" : ""}` : ""}.`,
        videoUrls: ["https://www.youtube.com/watch?v=vid000x0000"],
      },
    ],
    archiveUrl:
      "https://tubedigest.example/newsletters/5d0c2b8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e?token=v1.9dL0v3cQp2Yx1WmZ8sTgH4jKbN6aRfE7uIoP5yVc0Aw",
    dashboardUrl: "https://tubedigest.example/dashboard",
    unsubscribeUrl: "https://tubedigest.example/unsubscribe?token=3f9c2a7e41b6",
  };
}

/** The support address and the operator every sample's footer names. */
export const SAMPLE_SITE: SiteSettings = {
  supportEmail: "support@tubedigest.example",
  operatorName: "Tubedigest Ltd",
};

/** Settings › Subscription, where every mail about the plan leads. */
const SUBSCRIPTION_URL = "https://tubedigest.example/settings?tab=subscription";

/** One ordinary message's data for every template. */
export const SAMPLE_DATA: { [Name in TemplateName]: TemplateData[Name] } = {
  digest: sampleDigest(5, 2),
  "single-video-summary": {
    recipientName: "Ana",
    title: "How reusable rockets land",
    url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    summaryMarkdown: sampleSummary("dQw4w9WgXcQ"),
    basis: "transcript",
    charge: { amountCents: 199, testMode: false },
    dashboardUrl: "https://tubedigest.example/dashboard",
  },
  "single-video-failed": {
    recipientName: "Ana",
    title: "How reusable rockets land",
    url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    charge: { amountCents: 399, testMode: false },
    dashboardUrl: "https://tubedigest.example/dashboard",
  },
  abandonment: {
    channelName: "Pocket Orbit",
    summaryBullets: POINTS.slice(0, 3),
    continueUrl: "https://tubedigest.example/preview?channel=UCsXVk37bltHxD1rDPwtNM8Q",
    unsubscribeUrl: "https://tubedigest.example/unsubscribe?token=3f9c2a7e41b6",
  },
  welcome: {
    recipientName: "Ana",
    trialEndsAt: "2026-11-30T09:00:00Z",
    dashboardUrl: "https://tubedigest.example/dashboard",
    previewUrl: "https://tubedigest.example/preview?channel=UCsXVk37bltHxD1rDPwtNM8Q",
    preview: null,
    digestSent: false,
  },
  "trial-ending": {
    recipientName: null,
    trialEndsAt: "2026-11-30T09:00:00Z",
    nextPlan: { planName: "Premium", amountCents: 999, cardSaved: true, testMode: false },
    subscribeUrl: "https://tubedigest.example/subscribe",
    subscriptionUrl: SUBSCRIPTION_URL,
  },
  receipt: {
    recipientName: "Ana",
    planName: "Premium",
    amountCents: 999,
    periodEnd: "2026-12-23T09:00:00Z",
    testMode: false,
    subscriptionUrl: SUBSCRIPTION_URL,
  },
  "trial-plan-chosen": {
    recipientName: "Ana",
    planName: "Premium",
    priceCents: 999,
    startsAt: "2026-11-30T09:00:00Z",
    testMode: false,
    subscriptionUrl: SUBSCRIPTION_URL,
  },
  "plan-changed": {
    recipientName: "Ana",
    planName: "Pro",
    priceCents: 2999,
    chargedCents: 1333,
    testMode: false,
    subscriptionUrl: SUBSCRIPTION_URL,
  },
  "plan-change-scheduled": {
    recipientName: "Ana",
    planName: "Pro",
    nextPlan: { planName: "Premium", priceCents: 999 },
    effectiveAt: "2026-12-23T09:00:00Z",
    testMode: false,
    subscriptionUrl: SUBSCRIPTION_URL,
  },
  "payment-failed": {
    recipientName: "Ana",
    planName: "Premium",
    amountCents: 999,
    nextAttemptAt: "2026-12-26T09:00:00Z",
    subscriptionUrl: SUBSCRIPTION_URL,
  },
  cancellation: {
    recipientName: "Ana",
    planName: "Premium",
    accessUntil: "2026-12-23T09:00:00Z",
    subscriptionUrl: SUBSCRIPTION_URL,
  },
  "plan-resumed": {
    recipientName: "Ana",
    planName: "Premium",
    wouldHaveEndedAt: "2026-12-23T09:00:00Z",
    subscriptionUrl: SUBSCRIPTION_URL,
  },
  "sign-in-link": {
    link: "https://tubedigest.example/auth/link?token=9b1d0c6f2e8a4d7c",
    expiresAt: "2026-11-23T14:05:00Z",
  },
  "password-reset": {
    link: "https://tubedigest.example/reset-password?token=q3Jx0cP9mC1vYkS2bT8wZ4nR6uE5fG7hL0aD3iK9oQe",
    expiresAt: "2026-11-23T14:35:00Z",
  },
  "password-changed": {
    recipientName: "Ana",
    firstPassword: false,
    changedAt: "2026-11-23T13:35:00Z",
    signInLinkUrl: "https://tubedigest.example/sign-in-link",
  },
  "email-change-confirmation": {
    link: "https://tubedigest.example/confirm-email?token=q3Jx0cP9mC1vYkS2bT8wZ4nR6uE5fG7hL0aD3iK9oQe",
    expiresAt: "2026-11-24T13:35:00Z",
  },
  "email-change-notice": {
    recipientName: "Ana",
    newEmail: "ana.new@example.org",
    requestedAt: "2026-11-23T13:35:00Z",
    settingsUrl: "https://tubedigest.example/settings",
  },
  "email-change-address-taken": {
    requestedAt: "2026-11-23T13:35:00Z",
    signInLinkUrl: "https://tubedigest.example/sign-in-link",
  },
  "account-deleted": { privacyUrl: "https://tubedigest.example/privacy" },
};
