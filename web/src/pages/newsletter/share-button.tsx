import type { ShareReply } from "@tubedigest/contracts/archive";
import { useState } from "react";
import { Button } from "../../components/button.tsx";
import { CopyButton } from "../../components/copy-button.tsx";
import { useToast } from "../../components/toast.tsx";
import { apiFetch, serverMessage } from "../../lib/api.ts";

const SHARES_PATH = "/api/shared-summaries";

/**
 * Under a video of a newsletter its reader received: share its summary by link. The link opens a public
 * page with the video's title, key points and paragraph, and nothing about the reader; it can be copied,
 * and stopped (then it no longer opens).
 */
export function ShareButton({
  newsletterId,
  videoUrl,
  title,
}: {
  newsletterId: string;
  videoUrl: string;
  title: string;
}) {
  const toast = useToast();
  const [share, setShare] = useState<ShareReply | null>(null);
  const [busy, setBusy] = useState(false);

  const failed = (title: string, failure: unknown) =>
    toast({
      title,
      description: serverMessage(failure) ?? "Something went wrong. Please try again.",
      variant: "error",
    });

  const start = async () => {
    setBusy(true);
    try {
      setShare(await apiFetch<ShareReply>(SHARES_PATH, { method: "POST", json: { newsletterId, videoUrl } }));
    } catch (failure) {
      failed("Error sharing this summary", failure);
    } finally {
      setBusy(false);
    }
  };

  const stop = async () => {
    if (!share) return;
    setBusy(true);
    try {
      await apiFetch(`${SHARES_PATH}/${share.id}`, { method: "DELETE" });
      setShare(null);
      toast({ title: "Sharing stopped", description: "The link no longer opens.", variant: "success" });
    } catch (failure) {
      failed("Error stopping the link", failure);
    } finally {
      setBusy(false);
    }
  };

  if (!share) {
    return (
      <Button
        variant="secondary"
        className="share-start"
        busy={busy}
        busyLabel="Sharing..."
        onClick={start}
        aria-label={`Share the summary of ${title}`}
      >
        Share Summary
      </Button>
    );
  }
  const link = `${window.location.origin}${share.path}`;
  const id = `share-${share.id}`;
  return (
    <div className="share-link">
      <label className="field-label" htmlFor={id}>
        Anyone with this link can read this summary
      </label>
      <input id={id} className="input share-link-url" readOnly value={link} />
      <div className="share-link-actions">
        <CopyButton text={link} what="link" label="Copy Link" />
        <Button variant="ghost" busy={busy} busyLabel="Stopping..." onClick={stop}>
          Stop Sharing
        </Button>
      </div>
    </div>
  );
}
