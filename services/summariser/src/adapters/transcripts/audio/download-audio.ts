import { stat } from "node:fs/promises";
import { watchUrl } from "@tubedigest/contracts/youtube-video-url";
import { lastLines, runProgram } from "./run-program.ts";

/** The video has no audio to give: removed, private, members-only, or not a video at all. */
export class NoAudioError extends Error {}

/** yt-dlp says YouTube refused this client (a bot check, a block of the address), or it failed otherwise. */
export class AudioUnavailableError extends Error {}

/** What yt-dlp says when the video itself cannot be had, whoever asks. */
const GONE = /video unavailable|private video|has been removed|members-only|not a valid url|does not exist/i;

export interface AudioDownload {
  ytDlpPath: string;
  /** yt-dlp's --proxy: the same outbound proxy as the captions, since YouTube refuses the same addresses. */
  proxyUrl?: string | undefined;
  /** The bgutil plugin's token server: YouTube refuses audio to clients without a proof-of-origin token. */
  potProviderUrl?: string | undefined;
  timeoutMs: number;
}

/**
 * The video's smallest audio stream, downloaded with yt-dlp into `directory`: speech is transcribed as
 * well from 50 kbit/s as from 160, and the file is a third the size. Answers the file's path.
 */
export async function downloadAudio(
  settings: AudioDownload,
  videoId: string,
  directory: string,
): Promise<string> {
  const args = [
    "--no-playlist",
    "--no-progress",
    "--no-warnings",
    "--format",
    "worstaudio/bestaudio/worst",
    "--output",
    `${directory}/audio.%(ext)s`,
    "--print",
    "after_move:filepath",
    ...(settings.proxyUrl ? ["--proxy", settings.proxyUrl] : []),
    ...(settings.potProviderUrl
      ? ["--extractor-args", `youtubepot-bgutilhttp:base_url=${settings.potProviderUrl}`]
      : []),
    "--",
    watchUrl(videoId),
  ];
  const run = await runProgram(settings.ytDlpPath, args, { timeoutMs: settings.timeoutMs });
  if (run.code !== 0) {
    const why = run.code === null ? "it took too long" : lastLines(run.stderr) || `exit code ${run.code}`;
    if (GONE.test(run.stderr)) throw new NoAudioError(`yt-dlp found no audio for ${videoId}: ${why}`);
    throw new AudioUnavailableError(`yt-dlp could not fetch the audio of ${videoId}: ${why}`);
  }
  const path = run.stdout.trim().split("\n").at(-1) ?? "";
  if (!path.startsWith(`${directory}/`) || !(await stat(path).catch(() => null))?.isFile()) {
    throw new AudioUnavailableError(`yt-dlp did not leave the audio of ${videoId} where it was asked to`);
  }
  return path;
}
