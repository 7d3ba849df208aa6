import {
  ALL_VIDEO_URL_FORMS,
  videoUrlMessages,
  youtubeVideoId,
} from "@tubedigest/contracts/youtube-video-url";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/button.tsx";
import { CopyButton } from "../../components/copy-button.tsx";
import { TextField } from "../../components/field.tsx";
import { Markdown } from "../../components/markdown.tsx";
import { useToast } from "../../components/toast.tsx";
import { isWrongPassword, requestSummary, type ToolSummary, toolErrorText } from "./tool-request.ts";

interface SummaryFormProps {
  password: string;
  /** The password stopped working (changed on the server): back to the lock. */
  onLocked: () => void;
}

/** The unlocked tool: a video address in, its title and summary out. */
export function SummaryForm({ password, onLocked }: SummaryFormProps) {
  const toast = useToast();
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ToolSummary | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Every address form the platform uses (docs/product.md#validation), by the rule the server applies too.
    if (!youtubeVideoId(url, ALL_VIDEO_URL_FORMS)) return setError(videoUrlMessages.invalidForTool);
    setError(undefined);
    setBusy(true);
    setResult(undefined);
    try {
      setResult(await requestSummary(url.trim(), password));
    } catch (failure) {
      if (isWrongPassword(failure)) onLocked();
      toast({ title: toolErrorText(failure), variant: "error" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="stack">
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          id="ps-url"
          label="YouTube video URL"
          type="url"
          inputMode="url"
          placeholder="https://www.youtube.com/watch?v=…"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={error}
        />
        <Button type="submit" busy={busy} busyLabel="Processing">
          Generate Summary
        </Button>
      </form>
      {busy ? (
        <p className="muted" role="status">
          Fetching transcript and generating summary... This may take a moment.
        </p>
      ) : null}
      {result ? (
        <section className="ps-result" aria-label="Summary">
          <div className="ps-result-head">
            <h2>{result.title}</h2>
            <CopyButton text={result.summary} />
          </div>
          <Markdown source={result.summary} />
        </section>
      ) : null}
    </div>
  );
}
