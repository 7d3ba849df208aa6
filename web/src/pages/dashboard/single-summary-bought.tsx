import type { SingleSummary } from "@tubedigest/contracts/single-summary";
import { useEffect, useRef } from "react";
import { Button, buttonClass } from "../../components/button.tsx";
import { summaryAnchor } from "./single-summary.ts";

/**
 * Shown instead of a price when the reader asked to buy a video they have already bought: the server's
 * words, the way to that summary in the list below, and back to the form for another video.
 */
export function SingleSummaryBought({
  summary,
  message,
  onAnotherVideo,
}: {
  summary: SingleSummary;
  message: string;
  onAnotherVideo: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // It replaces the form or the price: whoever pressed the button, or listens, is taken to it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="single-quote">
      <h3 className="single-quote-title" ref={heading} tabIndex={-1}>
        {message}
      </h3>
      <p className="single-quote-payment">“{summary.title}” is in your single summaries below.</p>
      <div className="single-quote-actions">
        <a href={`#${summaryAnchor(summary.id)}`} className={buttonClass("primary")}>
          {summary.status === "ready" ? "Read your summary" : "See your summary's progress"}
        </a>
        <Button variant="ghost" onClick={onAnotherVideo}>
          Summarise another video
        </Button>
      </div>
    </div>
  );
}
