/** What catalog tells people; the routes and operations that must answer alike share these. */
export const messages = {
  queryTooShort: "Please enter at least 2 characters to search.",
  queryTooLong: "Please enter at most 200 characters to search.",
  searchBudgetSpent:
    "Channel search has reached its limit for today. Please try again tomorrow, or paste a link to the channel.",
  youtubeQuotaSpent: "YouTube's daily limit for this site is reached. Please try again tomorrow.",
  youtubeBusy: "YouTube is busy right now. Please try again in a minute.",
  youtubeUnavailable: "YouTube is not answering right now. Please try again in a moment.",
  channelIdInvalid: "Please choose a YouTube channel to add.",
  channelIdsInvalid: "ids must be 1 to 50 YouTube channel ids (UC…), separated by commas.",
  channelNotFound: "We could not find that YouTube channel.",
  notFollowing: "This channel is not in your list.",
  videoIdInvalid: "A YouTube video id is 11 letters, digits, hyphens or underscores.",
  videoNotFound: "We could not find that video on YouTube. Please check the link and try again.",
  sinceInvalid: "since must be an ISO 8601 date-time, e.g. 2026-01-05T09:00:00Z.",
} as const;
