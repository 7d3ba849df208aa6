import { videoUrlMessages } from "@tubedigest/contracts/youtube-video-url";

/** What the summariser tells people; docs/product.md#validation's words where it has them. */
export const messages = {
  ...videoUrlMessages,
  previewNeedsChannelsAndEmail: "No channels or email found. Please return to the homepage and try again.",
  sampleUnavailable: "The sample newsletter is still being written. Please try again in a minute.",
  previewLimitReached: (cap: number, retryAfterSeconds: number) =>
    `You have previewed ${cap} new channels today, the most a day allows. Please try again in ${aboutHowLong(retryAfterSeconds)}; channels you previewed today can be previewed again now.`,
  previewTooManyChannels: (cap: number) =>
    `A preview can show at most ${cap} new channels a day. Please choose fewer channels.`,
  channelNotFound: (title: string) =>
    `We could not find the channel "${title}" on YouTube. Please return to the homepage and choose it again.`,
  videoNotFound: "We could not find that video on YouTube. Please check the link and try again.",
  videoNotFinished: "This video is live or not published yet. Please try again once it has ended.",
  incorrectPassword: "Incorrect password",
  // A visitor sees this: the operator's setting is named in the log at start-up, not here.
  toolOff: "The summary tool is not available right now.",
  stillWriting:
    "The summary is taking longer than usual. Please try again in a minute; it is still being written.",
  summaryFailed: (reason: string) => `We could not summarise this video: ${reason} Please try again later.`,
  orderPlaced: "Your summary will be sent to your e-mail shortly.",
  confirmPriceFirst: "Please check the video's price first, then confirm it.",
  quoteNotFound: "We could not find that price. Please check the video's price again.",
  quoteExpired: (minutes: number) =>
    `This price was shown more than ${minutes} minutes ago. Please check the video's price again.`,
  alreadyBought: "You already have this summary",
  purchaseRaced:
    "Your summary of this video has just changed. Please look at your single summaries and try again.",
  newsletterGenerated: "Newsletter generated and sent to your email.",
  newsletterOnItsWay: "Your newsletter is being generated and will arrive in your inbox shortly.",
  noNewVideos: "There are no new videos from your channels since your last newsletter.",
  noSummaries: "The new videos from your channels could not be summarised. Please try again later.",
  addChannelsFirst: "Add channels first to generate a newsletter.",
  trialOver: "Your free trial has ended. Subscribe to get newsletters again.",
  unsubscribed: "You unsubscribed from newsletter e-mails, so we cannot send you one.",
  newsletterFailed: "We could not generate your newsletter just now. Please try again in a few minutes.",
} as const;

/** "about 3 hours", "about 20 minutes": when to come back, as a person would say it. */
function aboutHowLong(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes === 1 ? "a minute" : `about ${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? "about an hour" : `about ${hours} hours`;
}
