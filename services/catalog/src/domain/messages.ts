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
  importFileInvalid: "Send the file's bytes base64-encoded in the field file.",
  importFileTooLarge:
    "This file is larger than 1 MB. Choose the subscriptions.csv of your Google Takeout download, or an OPML file of your channels.",
  importTooManyRows:
    "This file has more than 5,000 rows. Split it and import each part, or keep the channels you want most.",
  importZipArchive:
    "This is a ZIP archive. Unzip your Google Takeout download and choose subscriptions.csv in the folder YouTube and YouTube Music › subscriptions.",
  importNotText:
    "This is not a CSV or OPML file. Choose the subscriptions.csv of your Google Takeout download, or an OPML file of your channels' feeds.",
  importNoChannelIds:
    "We found no YouTube channel ids in this file. Google Takeout's subscriptions.csv begins with Channel Id,Channel Url,Channel Title; an OPML file lists feeds like https://www.youtube.com/feeds/videos.xml?channel_id=UC…",
  importLookupsSpent:
    "You have looked up as many subscriptions files as we can today. Please try again tomorrow, or add channels by search.",
  importChannelIdsInvalid: "youtubeChannelIds must be 1 to 5,000 YouTube channel ids (UC…).",
} as const;
