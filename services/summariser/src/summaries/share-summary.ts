import { HttpError } from "@tubedigest/http/http-error";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { NewsletterRepository } from "../store/newsletter-repository.ts";
import { SharedSummaryRepository, type SharedSummaryRow } from "../store/shared-summary-repository.ts";

export const shareMessages = {
  notReceived:
    "We could not find that video in your newsletters. Open the newsletter and share it from there.",
  notFound: "This shared summary does not exist, or whoever shared it has stopped sharing it.",
} as const;

/**
 * The reader shares one video's summary from a newsletter they received: its title, channel, date and
 * summary as mailed are kept under an unguessable id for the public page /s/{id}. Sharing the same video
 * again answers the same link.
 */
export async function shareSummary(
  context: SummariserContext,
  input: { userId: string; newsletterId: string; videoUrl: string },
): Promise<SharedSummaryRow> {
  const newsletter = await new NewsletterRepository(context.db).find(input.newsletterId);
  const found =
    newsletter?.user_id === input.userId
      ? newsletter.channels.flatMap((channel) =>
          channel.videos.filter((video) => video.url === input.videoUrl).map((video) => ({ channel, video })),
        )[0]
      : undefined;
  if (!found) throw new HttpError(404, shareMessages.notReceived);
  const published = Date.parse(found.video.publishedAt);
  return new SharedSummaryRepository(context.db).share({
    user_id: input.userId,
    video_url: found.video.url,
    title: found.video.title,
    channel_title: found.channel.title,
    published_at: Number.isNaN(published) ? null : new Date(published),
    summary_markdown: found.video.summaryMarkdown,
  });
}
