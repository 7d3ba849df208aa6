import {
  videoUrlMessages,
  WATCH_OR_SHORT_LINK,
  youtubeVideoId,
} from "@tubedigest/contracts/youtube-video-url";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/field.tsx";
import { useToast } from "../../components/toast.tsx";
import { apiFetch, serverMessage } from "../../lib/api.ts";
import { formatUsd } from "../../lib/money.ts";
import { type PlansReply, usePlans } from "../../lib/plans.ts";

/** SPEC §2 à la carte: one video's summary, bought by its URL and charged by its length (SPEC §9). */
export function AlaCarteForm() {
  const toast = useToast();
  const id = useId();
  const { plans } = usePlans();
  const [url, setUrl] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // SPEC §5: only a watch page or a short link; the server checks again.
    if (url.trim() === "") {
      toast({ title: "Missing URL", description: videoUrlMessages.missing, variant: "error" });
      return;
    }
    if (!youtubeVideoId(url, WATCH_OR_SHORT_LINK)) {
      toast({ title: "Invalid URL", description: videoUrlMessages.invalidForDashboard, variant: "error" });
      return;
    }
    setBusy(true);
    try {
      const answer = await apiFetch<{ message?: string } | undefined>("/api/process-individual-video", {
        json: { videoUrl: url.trim() },
      });
      toast({
        title: "Video processing initiated",
        description: answer?.message ?? "Your summary will be sent to your e-mail shortly.",
        variant: "success",
      });
      setUrl("");
    } catch (failure) {
      // 402 (payment) and 403 (account) explain themselves in the server's message.
      toast({
        title: "Error processing video",
        description: serverMessage(failure) ?? "Something went wrong. Please try again.",
        variant: "error",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="dashboard-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="dashboard-card-title">
        A la carte video summary
      </h2>
      <form className="dashboard-video-form" onSubmit={submit} noValidate>
        <TextField
          id={`${id}-url`}
          label="YouTube video URL"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://www.youtube.com/watch?v=..."
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          hint={<ChargeNote plans={plans} />}
        />
        <Button type="submit" busy={busy} busyLabel="Processing...">
          Process Video
        </Button>
      </form>
    </section>
  );
}

function ChargeNote({ plans }: { plans: PlansReply | undefined }) {
  const prices = plans?.singleVideo;
  return (
    <>
      You will be charged based on the video length after processing
      {prices
        ? `: ${formatUsd(prices.shortPriceCents / 100)} under ${prices.shortUnderMinutes} minutes, ${formatUsd(
            prices.longPriceCents / 100,
          )} up to ${prices.longestMinutes / 60} hours; longer videos cannot be processed.`
        : "."}
    </>
  );
}
