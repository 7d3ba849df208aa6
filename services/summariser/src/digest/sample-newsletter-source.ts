import type { SummariserLogger } from "../shared/summariser-context.ts";
import type { ComposedSample, SampleNewsletter } from "./compose-sample-newsletter.ts";

/** A complete sample is kept for hours: its summaries never change and featured channels upload slowly. */
export const COMPLETE_SAMPLE_KEPT_MS = 6 * 60 * 60 * 1000;
/** One missing a summary still being written (or a channel catalog could not list) is made again soon. */
export const PARTIAL_SAMPLE_KEPT_MS = 60 * 1000;

/**
 * The landing page's sample newsletter, composed at most once at a time and kept: every visitor after the
 * first gets it at once, the kept one while a newer one is made (stale while revalidating), so visitors
 * cannot make the summariser compose more than once per period. Null while there is none to show.
 */
export function sampleNewsletterSource(parts: {
  compose: () => Promise<ComposedSample>;
  now: () => Date;
  log: SummariserLogger;
}): () => Promise<SampleNewsletter | null> {
  let kept: { sample: SampleNewsletter | null; until: number } | undefined;
  let composing: Promise<SampleNewsletter | null> | undefined;

  const compose = () => {
    composing ??= parts
      .compose()
      .catch((error: unknown): ComposedSample => {
        parts.log.error({ err: error }, "the sample newsletter could not be composed");
        return { sample: null, complete: false };
      })
      .then(({ sample, complete }) => {
        // A failed composition keeps the last good sample rather than taking it away.
        const shown = sample ?? kept?.sample ?? null;
        const keptFor = sample && complete ? COMPLETE_SAMPLE_KEPT_MS : PARTIAL_SAMPLE_KEPT_MS;
        kept = { sample: shown, until: parts.now().getTime() + keptFor };
        return shown;
      })
      .finally(() => {
        composing = undefined;
      });
    return composing;
  };

  return async () => {
    if (kept && kept.until > parts.now().getTime()) return kept.sample;
    if (!kept?.sample) return compose();
    void compose();
    return kept.sample;
  };
}
