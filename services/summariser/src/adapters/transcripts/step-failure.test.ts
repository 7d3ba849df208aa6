import { describe, expect, it } from "vitest";
import { AudioUnavailableError } from "./audio/download-audio.ts";
import { stepFailure } from "./step-failure.ts";
import { TranscriptUnavailableError } from "./transcript-source.ts";

/** An error as a source throws it: its own words, with what it met as the cause. */
const wrapped = (message: string, cause?: unknown) => new TranscriptUnavailableError(message, { cause });

describe("why a transcript step failed", () => {
  it.each([
    ["the player's bot check", wrapped("v: YouTube refused the player: Sign in to confirm you’re not a bot")],
    [
      "a 403 from YouTube",
      wrapped("YouTube captions of v not had after 2 tries: /api/timedtext answered HTTP 403"),
    ],
    [
      "yt-dlp meeting the bot check, as the cause of the source's error",
      wrapped(
        "v: yt-dlp could not fetch the audio",
        new AudioUnavailableError(
          "ERROR: [youtube] v: Sign in to confirm you're not a bot. Use --cookies-from-browser or --cookies",
        ),
      ),
    ],
    ["yt-dlp's 403", new Error("ERROR: unable to download video data: HTTP Error 403: Forbidden")],
    ["a PO token demanded", new Error("ERROR: [youtube] v: This video requires a PO Token")],
    ["a login demanded", new Error("v: YouTube refused the player: LOGIN_REQUIRED")],
    [
      "a video kept from this address",
      new Error("The uploader has not made this video available in your country"),
    ],
    ["an error carrying status 403", Object.assign(new Error("Forbidden"), { status: 403 })],
  ])("is refused for %s", (_, error) => {
    expect(stepFailure(error)).toBe("refused");
  });

  it.each([
    ["YouTube's 429", wrapped("YouTube captions of v not had after 4 tries: /watch answered HTTP 429")],
    [
      "YouTube's captcha page",
      wrapped("YouTube captions of v not had after 4 tries: the watch page is a captcha"),
    ],
    ["the transcript API's 429", wrapped("transcript API, v: the transcript API answered HTTP 429")],
    ["yt-dlp's 429", new Error("ERROR: unable to download webpage: HTTP Error 429: Too Many Requests")],
    ["the OpenAI client's rate limit, by its status", wrapped("v: speech-to-text failed", { status: 429 })],
  ])("is rate-limited for %s", (_, error) => {
    expect(stepFailure(error)).toBe("rate-limited");
  });

  it.each([
    ["an outage", wrapped("YouTube captions of v not had after 4 tries: /watch answered HTTP 503")],
    ["spent credits", wrapped("the transcript API refused v: Upgrade Required")],
    ["bad data", new Error("the transcription came without timed segments")],
    ["something not an error", "boom"],
  ])("is failed for %s", (_, error) => {
    expect(stepFailure(error)).toBe("failed");
  });

  it("reads a loop of causes once round", () => {
    const first = new Error("first");
    const second = new Error("second", { cause: first });
    first.cause = second;
    expect(stepFailure(first)).toBe("failed");
  });
});
