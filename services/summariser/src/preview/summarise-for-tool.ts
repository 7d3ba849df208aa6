import { createHash, timingSafeEqual } from "node:crypto";
import { ALL_VIDEO_URL_FORMS, youtubeVideoId } from "@tubedigest/contracts/youtube-video-url";
import { HttpError } from "@tubedigest/http/http-error";
import { messages } from "../shared/messages.ts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { knownVideo } from "../summaries/known-video.ts";
import { summariseVideo } from "../summaries/summarise-video.ts";
import { summaryMarkdown } from "../summaries/summary-markdown.ts";

// Digests of equal length, so the comparison takes the same time whatever was typed.
const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

function passwordMatches(expected: string, given: string): boolean {
  return timingSafeEqual(digest(expected), digest(given));
}

/**
 * The hidden tool (/ps): any video's summary, for whoever knows the shared password, which only the
 * server knows. The summary is the shared one, so the tool never pays twice for a video.
 */
export async function summariseForTool(
  context: SummariserContext,
  input: { youtubeUrl: string; password: string },
): Promise<{ title: string; summary: string }> {
  if (context.toolPassword === undefined) throw new HttpError(503, messages.toolOff);
  if (!passwordMatches(context.toolPassword, input.password))
    throw new HttpError(401, messages.incorrectPassword);
  const videoId = youtubeVideoId(input.youtubeUrl, ALL_VIDEO_URL_FORMS);
  if (!videoId) throw new HttpError(400, messages.invalidForTool);
  const video = await knownVideo(context, videoId);
  if (!video) throw new HttpError(404, messages.videoNotFound);
  if (video.duration_seconds === null) throw new HttpError(422, messages.videoNotFinished);
  const waitUntil = new Date(context.now().getTime() + context.toolWaitMs);
  const outcome = await summariseVideo(context, videoId, { waitUntil });
  if (outcome.status === "pending") throw new HttpError(503, messages.stillWriting);
  if (outcome.status === "failed") throw new HttpError(422, messages.summaryFailed(outcome.reason));
  return { title: video.title, summary: summaryMarkdown(videoId, outcome.summary) };
}
