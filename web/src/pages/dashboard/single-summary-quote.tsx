import type { SingleSummaryQuote } from "@tubedigest/contracts/single-summary";
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { Button, buttonClass } from "../../components/button.tsx";
import { formatUsd } from "../../lib/money.ts";
import { formatLength, paymentText } from "./single-summary.ts";

/**
 * The server's price for one video, shown before anything is charged: its title, length and price, how
 * it would be paid, and the confirm ('Process Video'). Without a way to pay, the way to one instead.
 */
export function SingleSummaryQuoteCard({
  quote,
  buying,
  onConfirm,
  onCancel,
}: {
  quote: SingleSummaryQuote;
  buying: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The price replaces the form: whoever typed the address, or listens, is taken to it.
  useEffect(() => heading.current?.focus(), []);
  const price = formatUsd(quote.amountCents / 100);
  return (
    <div className="single-quote">
      <p className="single-quote-kicker">Price for this video</p>
      <h3 id="single-quote-title" className="single-quote-title" ref={heading} tabIndex={-1}>
        <a href={quote.url} target="_blank" rel="noopener noreferrer">
          {quote.title}
        </a>
      </h3>
      <dl className="single-quote-facts">
        <div>
          <dt>Length</dt>
          <dd>{formatLength(quote.durationSeconds)}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd className="single-quote-price">{price}</dd>
        </div>
      </dl>
      <p className="single-quote-payment">{paymentText(quote)}</p>
      <div className="single-quote-actions">
        {quote.payment === "none" ? (
          <Link href="/subscribe" className={buttonClass("primary")}>
            Subscribe Now
          </Link>
        ) : (
          <Button busy={buying} busyLabel="Processing..." onClick={onConfirm}>
            Process Video
          </Button>
        )}
        <Button variant="ghost" onClick={onCancel} disabled={buying}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
