import type { TranscriptStepOutcome } from "../../shared/summariser-metrics.ts";

/**
 * Told from the words of the error and its causes, as the sources wrap what YouTube, the transcript API
 * and yt-dlp said into their own errors. A captcha page is how YouTube answers a client it finds too busy.
 */
const RATE_LIMITED =
  /\bHTTP (error )?429\b|too many requests|rate.?limit|limit exceeded|resource has been exhausted|captcha/i;

/**
 * YouTube turning this client away rather than the video being gone: a bot check, a login or PO token
 * demanded, a 403, or a video not offered to this address's country.
 */
const REFUSED =
  /\bHTTP (error )?403\b|forbidden|confirm you.re not a bot|sign in to confirm|po.?token|login.?required|YouTube refused|not available in your country|not made this video available/i;

/** Why a step of the chain threw: refused by YouTube, rate-limited, or failed for another reason. */
export function stepFailure(
  error: unknown,
): Extract<TranscriptStepOutcome, "refused" | "rate-limited" | "failed"> {
  const chain = causes(error);
  const text = chain.map((each) => (each instanceof Error ? each.message : String(each))).join("\n");
  if (chain.some((each) => statusOf(each) === 429) || RATE_LIMITED.test(text)) return "rate-limited";
  if (chain.some((each) => statusOf(each) === 403) || REFUSED.test(text)) return "refused";
  return "failed";
}

/** The error and what caused it, outermost first; a loop of causes is followed once round. */
function causes(error: unknown): unknown[] {
  const seen: unknown[] = [];
  for (let each = error; each !== undefined && !seen.includes(each); ) {
    seen.push(each);
    each = each instanceof Error ? each.cause : undefined;
  }
  return seen;
}

/** The HTTP status an error carries (the OpenAI client's errors do). */
const statusOf = (error: unknown) =>
  typeof error === "object" && error !== null && "status" in error ? error.status : undefined;
