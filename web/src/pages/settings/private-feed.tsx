import { useState } from "react";
import { Button } from "../../components/button.tsx";
import { CopyButton } from "../../components/copy-button.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { useToast } from "../../components/toast.tsx";
import { apiFetch, serverMessage } from "../../lib/api.ts";
import { useApi } from "../../lib/use-api.ts";

const FEED_PATH = "/api/user/feed";

/** GET /api/user/feed: the reader's private feed's address, or null while it is off. */
interface Feed {
  url: string | null;
}

/**
 * The Delivery tab's second part: a private Atom feed of the reader's digests, for a feed reader instead of
 * (or beside) the inbox. Its address is a secret: shown with a copy button, replaced on reset (the old one
 * stops working), or turned off.
 */
export function PrivateFeed() {
  const toast = useToast();
  const { data, error, mutate } = useApi<Feed>(FEED_PATH);
  const [busy, setBusy] = useState<"open" | "reset" | "close" | null>(null);

  const act = async (kind: "open" | "reset" | "close") => {
    setBusy(kind);
    try {
      const method = kind === "close" ? "DELETE" : "POST";
      const path = kind === "reset" ? `${FEED_PATH}/reset` : FEED_PATH;
      const next = await apiFetch<Feed>(path, { method });
      await mutate(next, { revalidate: false });
      const titles = {
        open: "Your feed is on",
        reset: "Your feed has a new address",
        close: "Your feed is off",
      };
      toast({
        title: titles[kind],
        description:
          kind === "reset"
            ? "The old address no longer works. Put the new one in your feed reader."
            : kind === "close"
              ? "Its address no longer works."
              : undefined,
        variant: "success",
      });
    } catch (failure) {
      toast({
        title: "Error changing your feed",
        description: serverMessage(failure) ?? "Something went wrong. Please try again.",
        variant: "error",
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="settings-section" aria-labelledby="private-feed-title">
      <h2 className="section-title" id="private-feed-title">
        Private feed
      </h2>
      <p className="settings-note">
        Read your digests in a feed reader: an Atom feed of every newsletter we send you, as it was sent.
      </p>
      {error ? (
        <p className="settings-error">
          {serverMessage(error) ?? "Your feed could not be loaded. Please reload the page."}
        </p>
      ) : !data ? (
        <Skeleton className="settings-skeleton" />
      ) : data.url ? (
        <>
          <label className="field-label" htmlFor="private-feed-url">
            Your feed's address
          </label>
          <input
            id="private-feed-url"
            className="input private-feed-url"
            readOnly
            value={data.url}
            aria-describedby="private-feed-hint"
          />
          <p className="field-hint" id="private-feed-hint">
            Keep it to yourself: anyone with this address can read your digests. If it got out, get a new one.
          </p>
          <div className="settings-actions">
            <CopyButton text={data.url} what="address" label="Copy Address" />
            <Button
              variant="secondary"
              busy={busy === "reset"}
              busyLabel="Resetting..."
              onClick={() => act("reset")}
            >
              Get a New Address
            </Button>
            <Button
              variant="ghost"
              busy={busy === "close"}
              busyLabel="Turning off..."
              onClick={() => act("close")}
            >
              Turn Off
            </Button>
          </div>
        </>
      ) : (
        <Button
          className="settings-submit"
          busy={busy === "open"}
          busyLabel="Turning on..."
          onClick={() => act("open")}
        >
          Turn On My Feed
        </Button>
      )}
    </section>
  );
}
