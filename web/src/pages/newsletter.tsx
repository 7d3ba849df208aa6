import { type Digest, digestOfChannels } from "@tubedigest/contracts/digest";
import type { NewsletterPage as NewsletterPageReply } from "@tubedigest/contracts/newsletters";
import { useMemo } from "react";
import { Link, useSearch } from "wouter";
import { AuthRequired } from "../components/auth-required.tsx";
import { buttonClass } from "../components/button.tsx";
import { DigestView } from "../components/digest-view.tsx";
import { EmptyState } from "../components/empty-state.tsx";
import { PageLoading } from "../components/page-loading.tsx";
import { ApiError, isUnauthorized, serverMessage } from "../lib/api.ts";
import { useCurrentUser } from "../lib/current-user.ts";
import { useApi } from "../lib/use-api.ts";
import { usePageTitle } from "../lib/use-page-title.ts";
import { HISTORY_PATH } from "./dashboard/newsletters-tab.tsx";
import { ShareButton } from "./newsletter/share-button.tsx";
import "./newsletter/newsletter.css";

/** GET /api/newsletters/{id}: one past newsletter, as it was mailed. */
type NewsletterPageData = NewsletterPageReply;

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });

function BackToHistory() {
  return (
    <Link href={HISTORY_PATH} className="newsletter-back">
      <span aria-hidden="true">← </span>Newsletter history
    </Link>
  );
}

/**
 * A past newsletter at /newsletters/{id}, drawn as the e-mail was (the same digest view, with its table of
 * contents). Its reader is signed in, or follows the e-mail's "Read in your browser" link, whose `token`
 * the page passes on. Someone else's newsletter, or one that does not exist, is not found; with neither a
 * session nor a link in time, the page asks to sign in.
 */
export default function NewsletterPage({ params }: { params: { id: string } }) {
  const token = new URLSearchParams(useSearch()).get("token");
  const path = `/api/newsletters/${encodeURIComponent(params.id)}${token ? `?token=${encodeURIComponent(token)}` : ""}`;
  const { data, error, isLoading } = useApi<NewsletterPageData>(path);
  const digest = useMemo<Digest | undefined>(
    () => (data ? digestOfChannels(data.channels, data.weekLabel, data.glance) : undefined),
    [data],
  );
  // Its reader, signed in, may share a video's summary from it; a reader by the e-mail's link may not.
  const { user } = useCurrentUser();
  const notFound = error instanceof ApiError && error.status === 404;
  usePageTitle(
    data?.subject ??
      (notFound ? "Page not found" : isUnauthorized(error) ? "Authentication Required" : "Newsletter"),
  );

  if (isLoading) return <PageLoading label="Loading your newsletter" />;
  if (isUnauthorized(error)) return <AuthRequired purpose="read this newsletter" />;
  if (notFound) {
    return (
      <section className="not-found container">
        <h1>404 Page Not Found</h1>
        <p className="muted">{serverMessage(error)}</p>
        <Link href={HISTORY_PATH} className={buttonClass("primary")}>
          Back to your newsletters
        </Link>
      </section>
    );
  }
  if (error || !data || !digest) {
    return (
      <section className="container newsletter-page">
        <BackToHistory />
        <EmptyState title="This newsletter could not be loaded.">
          Please reload the page to try again.
        </EmptyState>
      </section>
    );
  }
  const sent = data.sentAt ?? data.createdAt;
  return (
    <article className="container newsletter-page" aria-labelledby="newsletter-subject">
      <BackToHistory />
      <header className="newsletter-header">
        <h1 id="newsletter-subject">{data.subject}</h1>
        <p className="muted">
          {data.sentAt ? "Sent" : "Made"} <time dateTime={sent}>{dateFormat.format(new Date(sent))}</time>
        </p>
      </header>
      <div className="newsletter-mail">
        <DigestView
          digest={digest}
          headingLevel={2}
          period={data.period}
          counts
          contents
          focus={data.focus}
          videoAction={
            user
              ? (video) =>
                  video.url ? (
                    <ShareButton newsletterId={data.id} videoUrl={video.url} title={video.title} />
                  ) : null
              : undefined
          }
        />
      </div>
    </article>
  );
}
