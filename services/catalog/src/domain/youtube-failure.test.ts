import { HttpError } from "@tubedigest/http/http-error";
import { describe, expect, it } from "vitest";
import { YoutubeQuotaError, YoutubeUnavailableError } from "../adapters/youtube/youtube-catalog.ts";
import { messages } from "./messages.ts";
import { asHttpError, isYoutubeFailure } from "./youtube-failure.ts";

describe("YouTube's failures as callers see them", () => {
  // Mutant: isYoutubeFailure's test as `true`, which would let callers survive their own bugs.
  it("tells YouTube's failures from any other error", () => {
    expect(isYoutubeFailure(new YoutubeQuotaError("budget"))).toBe(true);
    expect(isYoutubeFailure(new YoutubeUnavailableError("timeout"))).toBe(true);
    expect(isYoutubeFailure(new Error("a bug"))).toBe(false);
    expect(isYoutubeFailure(new HttpError(404, "not found"))).toBe(false);
  });

  // Mutants: `purpose === "search"` as `true`; `error instanceof YoutubeUnavailableError` as `true`.
  it.each([
    [new YoutubeQuotaError("rateLimited"), "search", messages.youtubeBusy],
    [new YoutubeQuotaError("budget"), "search", messages.searchBudgetSpent],
    [new YoutubeQuotaError("budget"), "lookup", messages.youtubeQuotaSpent],
    [new YoutubeQuotaError("quotaExceeded"), "search", messages.youtubeQuotaSpent],
    [new YoutubeUnavailableError("timeout"), "uploads", messages.youtubeUnavailable],
  ] as const)("answers %s during a %s with a 503 saying so", (error, purpose, message) => {
    expect(asHttpError(error, purpose)).toEqual(new HttpError(503, message));
    expect(asHttpError(error, purpose)).toMatchObject({ statusCode: 503, message });
  });

  it("leaves any other error as it is, a 500", () => {
    const bug = new Error("a bug");
    expect(asHttpError(bug, "lookup")).toBe(bug);
  });
});
