import type { SingleSummary } from "@tubedigest/contracts/single-summary";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { Button } from "../../components/button.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { chargeText, formatLength, STATUS_LABELS, summaryAnchor } from "./single-summary.ts";

// The markdown renderer is loaded only once a summary is opened: a dashboard without one never needs it.
const Markdown = lazy(() =>
  import("../../components/markdown.tsx").then((module) => ({ default: module.Markdown })),
);

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/**
 * The subscriber's bought single summaries: status, price and what happened to it, and each summary.
 * `openedId` names one to show open: the one the reader just asked to buy again.
 */
export function SingleSummariesList({
  summaries,
  error,
  isLoading,
  openedId,
}: {
  summaries: SingleSummary[] | undefined;
  error: unknown;
  isLoading: boolean;
  openedId?: string | undefined;
}) {
  const titleId = useId();
  return (
    <div className="single-summaries" aria-busy={isLoading}>
      <h3 id={titleId} className="single-summaries-title">
        Single summaries
      </h3>
      {isLoading ? (
        <div className="single-summary">
          <p className="visually-hidden">Loading your single summaries</p>
          <Skeleton className="dashboard-skeleton-line" />
        </div>
      ) : error ? (
        <EmptyState title="Your single summaries could not be loaded.">
          Please reload the page to try again.
        </EmptyState>
      ) : summaries && summaries.length > 0 ? (
        <ul className="single-summaries-items" aria-labelledby={titleId}>
          {summaries.map((item, index) => (
            // The newest one opens by itself once ready: it is usually the one just bought.
            <SingleSummaryItem key={item.id} item={item} opened={index === 0 || item.id === openedId} />
          ))}
        </ul>
      ) : (
        <EmptyState>Summaries you buy appear here as they are made, and arrive by e-mail too.</EmptyState>
      )}
    </div>
  );
}

function SingleSummaryItem({ item, opened }: { item: SingleSummary; opened: boolean }) {
  const inFlight = item.status === "queued" || item.status === "summarising";
  return (
    <li className="single-summary" id={summaryAnchor(item.id)}>
      <div className="single-summary-head">
        <a className="single-summary-title" href={item.url} target="_blank" rel="noopener noreferrer">
          {item.title}
        </a>
        {/* Polite: a screen reader hears "Ready" when the refreshed list says so. */}
        <span className={`single-summary-status single-summary-status-${item.status}`} aria-live="polite">
          {inFlight ? <Spinner /> : null}
          {STATUS_LABELS[item.status]}
        </span>
      </div>
      <p className="single-summary-facts">
        <time dateTime={item.orderedAt}>{dateFormat.format(new Date(item.orderedAt))}</time>
        {item.durationSeconds === null ? null : ` · ${formatLength(item.durationSeconds)}`}
      </p>
      <p className={`single-summary-charge single-summary-charge-${item.charge}`}>{chargeText(item)}</p>
      {item.status === "failed" ? (
        <p className="single-summary-note">We could not summarise this video. You can try again later.</p>
      ) : null}
      {inFlight ? (
        <p className="single-summary-note">
          {item.status === "queued" ? "Waiting its turn." : "Reading the video and writing its key points."}{" "}
          It will also arrive by e-mail.
        </p>
      ) : null}
      {item.status === "ready" ? <SummaryDisclosure item={item} opened={opened} /> : null}
    </li>
  );
}

function SummaryDisclosure({ item, opened }: { item: SingleSummary; opened: boolean }) {
  const id = useId();
  const [open, setOpen] = useState(opened);
  // Asked for once already listed (the reader tried to buy it again): it opens then too, never closes.
  useEffect(() => {
    if (opened) setOpen(true);
  }, [opened]);
  if (item.summary === null) {
    return <p className="single-summary-note">This summary was sent to your e-mail.</p>;
  }
  return (
    <>
      <Button
        variant="secondary"
        className="single-summary-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {open ? "Hide the summary" : "Read the summary"}
      </Button>
      <div id={id} hidden={!open}>
        {open ? (
          <Suspense fallback={<Skeleton className="dashboard-skeleton-block" />}>
            <Markdown source={item.summary} className="single-summary-text" />
          </Suspense>
        ) : null}
      </div>
    </>
  );
}
