import { inlineText, readVideoSummary } from "@tubedigest/contracts/digest";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { type ArchiveEntry, type ArchiveMatch, ArchiveRepository } from "../store/archive-repository.ts";
import type { NewsletterChannel } from "../store/database.ts";

/** The most results one search answers: a screenful or two; a narrower query finds the rest. */
export const MAX_ARCHIVE_RESULTS = 20;

/**
 * Searches every summary the reader has received (titles, key points, paragraphs), theirs alone, as each
 * newsletter was mailed: its points are stored with it, so a summary upgraded or translated later changes
 * nothing here. Their newsletters are indexed as they first search after receiving them, each once, so
 * the index follows the archive without a step of its own in the digest.
 */
export async function searchArchive(
  context: SummariserContext,
  userId: string,
  query: string,
): Promise<ArchiveMatch[]> {
  const archive = new ArchiveRepository(context.db);
  for (const newsletter of await archive.unindexed(userId)) {
    await archive.add(userId, archiveEntriesOf(newsletter.id, newsletter.sent_at, newsletter.channels));
  }
  return archive.search(userId, query, MAX_ARCHIVE_RESULTS);
}

/** A newsletter's videos as the archive indexes them, read with the shared digest reader. */
function archiveEntriesOf(
  newsletterId: string,
  receivedAt: Date,
  channels: readonly NewsletterChannel[],
): ArchiveEntry[] {
  return channels
    .flatMap((channel) => channel.videos.map((video) => ({ channel, video })))
    .map(({ channel, video }, position) => {
      const summary = readVideoSummary(video.summaryMarkdown);
      const published = Date.parse(video.publishedAt);
      return {
        newsletterId,
        position,
        receivedAt,
        channelTitle: channel.title,
        videoTitle: video.title,
        videoUrl: video.url,
        publishedAt: Number.isNaN(published) ? null : new Date(published),
        keyPoints: summary.keyPoints.map((point) => ({ text: inlineText(point.text), moment: point.moment })),
        paragraph: summary.paragraphs
          .filter((paragraph) => !paragraph.note)
          .map((paragraph) => inlineText(paragraph.text))
          .join(" "),
      };
    });
}
