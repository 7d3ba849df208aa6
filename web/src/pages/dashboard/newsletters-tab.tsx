import { digestSnippet, readDigestMarkdown } from "@tubedigest/contracts/digest";
import type { GeneratedReply, NewsletterHistoryItem, OnItsWayReply } from "@tubedigest/contracts/newsletters";
import { useState } from "react";
import { Link } from "wouter";
import { Button } from "../../components/button.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { useToast } from "../../components/toast.tsx";
import { apiFetch, serverMessage } from "../../lib/api.ts";
import { useApi } from "../../lib/use-api.ts";
import { ArchiveSearch } from "./archive-search.tsx";

/** A newsletter history item (docs/product.md#data-shapes). */
export type NewsletterItem = NewsletterHistoryItem;

/** What asking for a newsletter now answered: one made, nothing new to make one of, or one on its way. */
type GenerateAnswer = GeneratedReply | OnItsWayReply;

export const NEWSLETTERS_PATH = "/api/newsletters";
/** The dashboard with this tab open: where a past newsletter's page leads back to. */
export const HISTORY_PATH = "/dashboard?tab=newsletters";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** The first 200 characters of a newsletter's text: what it says, never its markdown. */
export function snippetOf(content: string): string {
  return digestSnippet(readDigestMarkdown(content));
}

/**
 * 'Newsletter History' (docs/product.md#dashboard): each newsletter's subject (opening its page,
 * /newsletters/{id}), date and the start of its text. Mounted only while its tab is open, so the list is
 * asked for only then; generating one refreshes it.
 */
export function NewslettersTab() {
  const { data, error, isLoading, mutate } = useApi<NewsletterItem[]>(NEWSLETTERS_PATH);
  const { generate, generating } = useGenerateNewsletter(() => mutate());

  return (
    <section className="dashboard-section" aria-labelledby="history-title" aria-busy={isLoading}>
      <div className="dashboard-section-head">
        <h2 id="history-title" className="dashboard-card-title">
          Your newsletters
        </h2>
        <Button busy={generating} busyLabel="Generating..." onClick={generate}>
          Generate Newsletter
        </Button>
      </div>
      {data && data.length > 0 ? <ArchiveSearch /> : null}
      {isLoading ? (
        <div className="dashboard-newsletters">
          <p className="visually-hidden">Loading your newsletters</p>
          {[0, 1].map((row) => (
            <div key={row} className="dashboard-newsletter">
              <Skeleton className="dashboard-skeleton-line" />
              <Skeleton className="dashboard-skeleton-block" />
            </div>
          ))}
        </div>
      ) : error ? (
        <EmptyState title="Your newsletters could not be loaded.">
          Please reload the page to try again.
        </EmptyState>
      ) : data && data.length > 0 ? (
        <ul className="dashboard-newsletters">
          {data.map((item) => (
            <li key={item.id} className="dashboard-newsletter">
              <h3 className="dashboard-newsletter-subject">
                <Link href={`/newsletters/${encodeURIComponent(item.id)}`}>{item.subject}</Link>
              </h3>
              <time className="muted" dateTime={item.sentAt ?? item.createdAt}>
                {dateFormat.format(new Date(item.sentAt ?? item.createdAt))}
              </time>
              <p className="dashboard-newsletter-snippet">{snippetOf(item.content)}</p>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState>
          No newsletters have been generated yet. Add channels and generate your first newsletter.
        </EmptyState>
      )}
    </section>
  );
}

/**
 * The dashboard's "generate newsletter": this week's newsletter made and mailed now, told in a toast (nothing
 * new since the last one is news, not a failure); `then` refreshes what shows the newsletters.
 */
export function useGenerateNewsletter(then: () => Promise<unknown>) {
  const toast = useToast();
  const [generating, setGenerating] = useState(false);
  const generate = async () => {
    setGenerating(true);
    try {
      const answer = await apiFetch<GenerateAnswer | undefined>("/api/generate-newsletter", {
        method: "POST",
      });
      toast(
        answer?.outcome === "nothing-new"
          ? { title: "Nothing new yet", description: answer.message, variant: "info" }
          : {
              title: "Newsletter generated",
              description: answer?.message ?? "Your newsletter was generated and sent to your e-mail.",
              variant: "success",
            },
      );
    } catch (failure) {
      toast({
        title: "Error generating newsletter",
        description: serverMessage(failure) ?? "Something went wrong. Please try again.",
        variant: "error",
      });
    } finally {
      setGenerating(false);
    }
    await then();
  };
  return { generate, generating };
}
