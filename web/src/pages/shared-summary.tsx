import type { SharedSummary as SharedSummaryReply } from "@tubedigest/contracts/archive";
import { type DigestVideo, readVideoSummary, videoThumbnail } from "@tubedigest/contracts/digest";
import { youtubeVideoId } from "@tubedigest/contracts/youtube-video-url";
import { useMemo } from "react";
import { Link } from "wouter";
import { buttonClass } from "../components/button.tsx";
import { DigestVideoCard } from "../components/digest-view.tsx";
import { EmptyState } from "../components/empty-state.tsx";
import { PageLoading } from "../components/page-loading.tsx";
import { ApiError, serverMessage } from "../lib/api.ts";
import { useApi } from "../lib/use-api.ts";
import { usePageTitle } from "../lib/use-page-title.ts";
import "./newsletter/newsletter.css";

/** GET /api/shared-summaries/{id}: the shared video and its summary, nothing about who shared it. */
type SharedSummary = SharedSummaryReply;

function videoOf(share: SharedSummary): DigestVideo {
  const videoId = youtubeVideoId(share.url) ?? null;
  return {
    videoId,
    title: share.title,
    url: share.url,
    thumbnail: videoId ? videoThumbnail(videoId) : null,
    publishedAt: share.publishedAt,
    ...readVideoSummary(share.summaryMarkdown),
  };
}

/**
 * /s/{id}: one video's summary a reader shared by link, public. The video's title, channel and date, its
 * key points with the moment each is said, and the paragraph, as the digest showed them; then what
 * tubedigest is, for whoever the link was sent to. The gateway fills in the page's head for link previews.
 */
export default function SharedSummaryPage({ params }: { params: { id: string } }) {
  const { data, error, isLoading } = useApi<SharedSummary>(
    `/api/shared-summaries/${encodeURIComponent(params.id)}`,
  );
  const video = useMemo(() => (data ? videoOf(data) : undefined), [data]);
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  usePageTitle(data ? `${data.title} — summary` : notFound ? "Page not found" : "Shared summary");

  if (isLoading) return <PageLoading label="Loading the summary" />;
  if (notFound) {
    return (
      <section className="not-found container">
        <h1>404 Page Not Found</h1>
        <p className="muted">{serverMessage(error)}</p>
        <Link href="/" className={buttonClass("primary")}>
          Go to tubedigest
        </Link>
      </section>
    );
  }
  if (error || !data || !video) {
    return (
      <section className="container newsletter-page">
        <EmptyState title="This summary could not be loaded.">
          Please reload the page to try again.
        </EmptyState>
      </section>
    );
  }
  return (
    <article className="container newsletter-page shared-summary" aria-labelledby="shared-summary-from">
      <header className="newsletter-header">
        <p className="muted shared-summary-eyebrow" id="shared-summary-from">
          A video summary from tubedigest
        </p>
        <p className="muted">From {data.channel}</p>
      </header>
      {/* The video's own title is the page's heading, with its picture and its link to YouTube. */}
      <section className="digest-card digest-channel shared-summary-card">
        <DigestVideoCard video={video} level={1} />
      </section>
      <aside className="card shared-summary-offer">
        <h2>Get summaries like this every week</h2>
        <p>
          tubedigest turns the YouTube channels you follow into one short e-mail a week: the key points of
          each new video, with a link to the moment it is said.
        </p>
        <Link href="/" className={buttonClass("primary")}>
          Try it free for 7 days
        </Link>
      </aside>
    </article>
  );
}
