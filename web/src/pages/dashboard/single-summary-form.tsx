import type { SingleSummaryQuote } from "@tubedigest/contracts/single-summary";
import {
  videoUrlMessages,
  WATCH_OR_SHORT_LINK,
  youtubeVideoId,
} from "@tubedigest/contracts/youtube-video-url";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/field.tsx";
import { useToast } from "../../components/toast.tsx";
import { ApiError, apiFetch, serverMessage } from "../../lib/api.ts";
import { formatUsd } from "../../lib/money.ts";
import { type PlansReply, usePlans } from "../../lib/plans.ts";
import "./single-summaries.css";
import { SingleSummariesList } from "./single-summaries-list.tsx";
import { boughtSummaryOf } from "./single-summary.ts";
import { SingleSummaryBought } from "./single-summary-bought.tsx";
import { SingleSummaryQuoteCard } from "./single-summary-quote.tsx";
import { useSingleSummaries } from "./use-single-summaries.ts";

const SOMETHING_WENT_WRONG = "Something went wrong. Please try again.";

/**
 * "Summarise one video": a video's summary bought by its URL (docs/product.md#single-summaries). The
 * server's price comes first (title, length, price by length), nothing is charged until 'Process Video'
 * confirms it, and the summaries bought are listed below with their progress, price and text.
 */
export function SingleSummaryForm() {
  const toast = useToast();
  const id = useId();
  const { plans } = usePlans();
  const { summaries, error, isLoading, refresh } = useSingleSummaries();
  const [url, setUrl] = useState("");
  const [checking, setChecking] = useState(false);
  const [quote, setQuote] = useState<SingleSummaryQuote>();
  const [buying, setBuying] = useState(false);
  // The summary the reader asked to buy again, by its id: shown as the list has it now.
  const [bought, setBought] = useState<{ id: string; message: string }>();
  const boughtSummary = bought && summaries?.find((item) => item.id === bought.id);

  const failed = (failure: unknown) =>
    toast({
      title: "Error processing video",
      description: serverMessage(failure) ?? SOMETHING_WENT_WRONG,
      variant: "error",
    });

  /**
   * A 409 about a video whose summary the reader has (bought already, or just now in another tab): that
   * summary is shown instead of an error, with the way to it. False when the refusal was about anything else.
   */
  const showBought = async (failure: unknown, videoId: string): Promise<boolean> => {
    const message = serverMessage(failure);
    if (!(failure instanceof ApiError) || failure.status !== 409 || !message) return false;
    const summary = boughtSummaryOf(await refresh(), videoId);
    if (!summary) return false;
    setQuote(undefined);
    setBought({ id: summary.id, message });
    return true;
  };

  const backToForm = () => {
    setQuote(undefined);
    setBought(undefined);
    // After the price card closes, typing goes on where it started.
    requestAnimationFrame(() => document.getElementById(`${id}-url`)?.focus());
  };

  const checkPrice = async (event: FormEvent) => {
    event.preventDefault();
    // Only a watch page or a short link (docs/product.md#validation); the server checks again.
    if (url.trim() === "") {
      toast({ title: "Missing URL", description: videoUrlMessages.missing, variant: "error" });
      return;
    }
    const videoId = youtubeVideoId(url, WATCH_OR_SHORT_LINK);
    if (!videoId) {
      toast({ title: "Invalid URL", description: videoUrlMessages.invalidForDashboard, variant: "error" });
      return;
    }
    setChecking(true);
    try {
      setQuote(
        await apiFetch<SingleSummaryQuote>("/api/process-individual-video/quote", {
          json: { videoUrl: url.trim() },
        }),
      );
    } catch (failure) {
      if (!(await showBought(failure, videoId))) failed(failure);
    } finally {
      setChecking(false);
    }
  };

  const confirm = async () => {
    if (!quote) return;
    setBuying(true);
    try {
      const answer = await apiFetch<{ message: string }>("/api/process-individual-video", {
        json: { quoteId: quote.quoteId },
      });
      toast({ title: "Video processing initiated", description: answer.message, variant: "success" });
      setUrl("");
      backToForm();
      await refresh();
    } catch (failure) {
      if (await showBought(failure, quote.videoId)) return;
      failed(failure);
      // A price that ran out cannot be confirmed any more: back to the address, to ask again.
      if (failure instanceof ApiError && failure.status === 410) backToForm();
    } finally {
      setBuying(false);
    }
  };

  return (
    <section className="dashboard-section single-summary-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="dashboard-card-title">
        Summarise one video
      </h2>
      <p className="single-summary-intro">
        Paste a link to any YouTube video. You see its length and price before you buy; the summary arrives
        here and by e-mail.
      </p>
      {bought && boughtSummary ? (
        <SingleSummaryBought
          summary={boughtSummary}
          message={bought.message}
          onAnotherVideo={() => {
            setUrl("");
            backToForm();
          }}
        />
      ) : quote ? (
        <SingleSummaryQuoteCard quote={quote} buying={buying} onConfirm={confirm} onCancel={backToForm} />
      ) : (
        <form className="dashboard-video-form" onSubmit={checkPrice} noValidate>
          <TextField
            id={`${id}-url`}
            label="YouTube video URL"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://www.youtube.com/watch?v=..."
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            hint={<PriceNote plans={plans} />}
          />
          <Button type="submit" busy={checking} busyLabel="Checking price...">
            Check price
          </Button>
        </form>
      )}
      <SingleSummariesList summaries={summaries} error={error} isLoading={isLoading} openedId={bought?.id} />
    </section>
  );
}

/** The price rule, from the server's own numbers, so nobody is surprised by the price shown. */
function PriceNote({ plans }: { plans: PlansReply | undefined }) {
  const prices = plans?.singleVideo;
  if (!prices) return <>You see the price before you buy.</>;
  return (
    <>
      You see the price before you buy: {formatUsd(prices.shortPriceCents / 100)} under{" "}
      {prices.shortUnderMinutes} minutes, {formatUsd(prices.longPriceCents / 100)} up to{" "}
      {prices.longestMinutes / 60} hours. Longer videos cannot be summarised.
    </>
  );
}
