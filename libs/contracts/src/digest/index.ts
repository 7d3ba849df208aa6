// The digest's structure and how it is read, written and titled: pure, so the mailer, the summariser and
// the web app share one reading of a newsletter.
export type {
  Digest,
  DigestChannel,
  DigestInline,
  DigestParagraph,
  DigestSection,
  DigestVideo,
  GlanceSource,
  KeyPoint,
  VideoThumbnail,
  WeekGlanceLine,
} from "./digest.ts";
export { digestCounts } from "./digest-counts.ts";
export { digestOfChannels, type StoredDigestChannel } from "./digest-of-channels.ts";
export { digestSnippet, SNIPPET_LENGTH } from "./digest-snippet.ts";
export { digestSubject } from "./digest-subject.ts";
export { readDigestMarkdown } from "./read-digest-markdown.ts";
export { inlineText } from "./read-inline.ts";
export { readVideoSummary } from "./read-video-summary.ts";
export { rememberingSummaryReader, type SummaryReader } from "./summary-reader.ts";
export {
  languageName,
  readSummarySource,
  type SummaryOrigin,
  type SummarySource,
  summarySourceLabel,
  summarySourceNote,
} from "./summary-source.ts";
export { videoThumbnail } from "./video-thumbnail.ts";
export { glanceOfStored, type StoredGlanceLine } from "./week-glance.ts";
