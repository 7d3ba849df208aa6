import type { Transcript } from "../transcripts/transcript-source.ts";
import type { KeyPoint, WrittenSummary } from "./summary-writer.ts";

/** The stretch of transcript a cited moment stands for: a little before it (captions lag), more after. */
const WINDOW_BEFORE_SECONDS = 30;
const WINDOW_AFTER_SECONDS = 90;
/** Content words a point must share with its window; a point of fewer words must share them all. */
const SHARED_WORDS = 2;
/** Words compared by their first letters once a common ending is off, so "simmer", "simmers" and "simmered" are one. */
const STEM_LETTERS = 5;
const ENDINGS = /(?:ing|ed|s)$/u;
/** Words of English that say nothing of a subject; other languages' short words fall under MIN_LETTERS. */
const STOP_WORDS = new Set(
  (
    "about above after again against also because been before being below between both could does doing " +
    "down during each from further have having here into itself just more most once only other ours over " +
    "same should some such than that their theirs them then there these they this those through under " +
    "until very were what when where which while will with would your yours the and for are but not you " +
    "all any can had her was one our out his how its let may new now old see two way who did get has him " +
    "use going really thing things make made like know think want"
  ).split(" "),
);
const MIN_LETTERS = 3;

/** A text's content words, lower-cased, without accents, cut to their stems. */
function contentWords(text: string): Set<string> {
  const words = new Set<string>();
  const plain = text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  for (const word of plain.split(/[^\p{L}\p{N}]+/u)) {
    const numeric = /^\p{N}+$/u.test(word);
    if ((word.length < MIN_LETTERS && !numeric) || STOP_WORDS.has(word)) continue;
    const stem = word.length > MIN_LETTERS + 1 ? word.replace(ENDINGS, "") : word;
    words.add(stem.slice(0, STEM_LETTERS));
  }
  return words;
}

/** Whether the transcript around `seconds` shares enough content words with the point to support it. */
function supported(point: KeyPoint & { startSeconds: number }, transcript: Transcript): boolean {
  const from = point.startSeconds - WINDOW_BEFORE_SECONDS;
  const to = point.startSeconds + WINDOW_AFTER_SECONDS;
  const window = transcript.segments
    .filter((segment) => segment.startSeconds >= from && segment.startSeconds < to)
    .map((segment) => segment.text)
    .join(" ");
  if (window === "") return false;
  const said = contentWords(window);
  const claimed = [...contentWords(point.text)];
  const shared = claimed.filter((word) => said.has(word)).length;
  return shared >= Math.min(SHARED_WORDS, claimed.length) && shared > 0;
}

/**
 * The summary with only key points whose moment lands in a stretch of the transcript that says the same
 * (shared content words), whoever wrote them: a point citing a moment that does not support it, or one
 * past the transcript, is dropped, so no invented moment reaches a reader. Points without a moment (the
 * model drew on several lines) stay. A summary in another language than its transcript cannot be
 * compared word for word, so only its moments' landing in the transcript is checked.
 */
export function groundedSummary(
  summary: WrittenSummary,
  transcript: Transcript | null,
): { summary: WrittenSummary; dropped: number } {
  if (!transcript || summary.basis !== "transcript") return { summary, dropped: 0 };
  const sameLanguage = primary(summary.language) === primary(transcript.language);
  let dropped = 0;
  const keep = (points: KeyPoint[]) =>
    points.filter((point) => {
      if (point.startSeconds === null) return true;
      const timed = { ...point, startSeconds: point.startSeconds };
      const ok = sameLanguage
        ? supported(timed, transcript)
        : landsInTranscript(timed.startSeconds, transcript);
      if (!ok) dropped += 1;
      return ok;
    });
  const keyPoints = keep(summary.keyPoints);
  const sections = summary.sections?.map((section) => ({ ...section, keyPoints: keep(section.keyPoints) }));
  return { summary: { ...summary, keyPoints, ...(sections ? { sections } : {}) }, dropped };
}

function landsInTranscript(seconds: number, transcript: Transcript): boolean {
  return transcript.segments.some(
    (segment) => segment.startSeconds <= seconds && seconds - segment.startSeconds <= WINDOW_AFTER_SECONDS,
  );
}

const primary = (language: string) => language.split("-")[0]?.toLowerCase();
