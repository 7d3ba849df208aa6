import { type Digest, readDigestMarkdown } from "@tubedigest/contracts/digest";
import type { SampleNewsletterReply } from "@tubedigest/contracts/previews";
import { type MouseEvent, useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { buttonClass } from "../../components/button.tsx";
import { DigestView } from "../../components/digest-view.tsx";
import { apiFetch } from "../../lib/api.ts";
import { deliveryStamp, useDeliverySchedule } from "../../lib/delivery-phrase.ts";

/** GET /api/sample-newsletter: a digest of the featured channels, as a reader gets it each week. */
type SampleNewsletter = SampleNewsletterReply;

type State = { kind: "loading" } | { kind: "shown"; subject: string; digest: Digest } | { kind: "missing" };

/**
 * The landing page's sample of the weekly e-mail, from the server (the featured channels' real summaries),
 * drawn as the e-mail: its subject, the sender, and the digest by the view the archive and the preview's
 * mock inbox use (the wordmark, the week with its counts, the contents, a card per channel). Shown folded
 * to a first screenful, unfolded on request.
 */
export default function SampleEmail() {
  const [state, setState] = useState<State>({ kind: "loading" });
  const [unfolded, setUnfolded] = useState(false);
  // Sent when this reader's digest would be: their own day and hour, or Monday 09:00.
  const sentAt = deliveryStamp(useDeliverySchedule());
  useEffect(() => {
    const controller = new AbortController();
    apiFetch<SampleNewsletter>("/api/sample-newsletter", { signal: controller.signal }).then(
      (sample) =>
        setState({ kind: "shown", subject: sample.subject, digest: readDigestMarkdown(sample.content) }),
      () => {
        if (!controller.signal.aborted) setState({ kind: "missing" });
      },
    );
    return () => controller.abort();
  }, []);

  // A contents link followed while the e-mail is folded unfolds it first, so the page scrolls to the
  // channel instead of the fold scrolling inside itself.
  const followContentsLink = (event: MouseEvent<HTMLDivElement>) => {
    const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
    const target = link && document.getElementById(link.getAttribute("href")?.slice(1) ?? "");
    if (unfolded || !target) return;
    event.preventDefault();
    flushSync(() => setUnfolded(true));
    target.scrollIntoView();
  };

  if (state.kind === "loading") return <div className="landing-sample-waiting skeleton" aria-hidden="true" />;
  if (state.kind === "missing") {
    return (
      <p className="landing-note">
        This week's sample is still being written. Search for a channel above to preview your own.
      </p>
    );
  }
  const { subject, digest } = state;
  return (
    <article className="landing-sample" aria-labelledby="sample-subject">
      <header className="landing-sample-header">
        <h3 id="sample-subject" className="landing-sample-subject">
          {subject}
        </h3>
        <p className="landing-sample-from">From tubedigest · {sentAt}</p>
      </header>
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: only its links' clicks are handled, which the keyboard fires too */}
      <div
        id="sample-body"
        className={["landing-sample-mail", unfolded ? null : "landing-sample-folded"]
          .filter(Boolean)
          .join(" ")}
        onClick={followContentsLink}
      >
        <DigestView digest={digest} headingLevel={4} counts contents />
      </div>
      <div className="landing-sample-unfold">
        <button
          type="button"
          className={buttonClass("secondary")}
          aria-expanded={unfolded}
          aria-controls="sample-body"
          onClick={() => setUnfolded((open) => !open)}
        >
          {unfolded ? "Show less" : "Read the whole e-mail"}
        </button>
      </div>
    </article>
  );
}
