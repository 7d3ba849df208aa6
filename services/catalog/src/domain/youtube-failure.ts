import { HttpError } from "@tubedigest/http/http-error";
import {
  type QuotaPurpose,
  YoutubeQuotaError,
  YoutubeUnavailableError,
} from "../adapters/youtube/youtube-catalog.ts";
import { messages } from "./messages.ts";

/** True for the failures that are YouTube's (or its quota's), which callers may survive. */
export const isYoutubeFailure = (error: unknown): error is YoutubeQuotaError | YoutubeUnavailableError =>
  error instanceof YoutubeQuotaError || error instanceof YoutubeUnavailableError;

/** A YouTube failure as the 503 a person reads; anything else is left as it is (a bug is a 500). */
export function asHttpError(error: unknown, purpose: QuotaPurpose): unknown {
  if (error instanceof YoutubeQuotaError) {
    if (error.reason === "rateLimited") return unavailable(messages.youtubeBusy);
    if (error.reason === "budget" && purpose === "search") return unavailable(messages.searchBudgetSpent);
    return unavailable(messages.youtubeQuotaSpent);
  }
  if (error instanceof YoutubeUnavailableError) return unavailable(messages.youtubeUnavailable);
  return error;
}

const unavailable = (message: string) => new HttpError(503, message);
