import type { SummariserLogger } from "../../../shared/summariser-context.ts";
import { lastLines, runProgram } from "./run-program.ts";

/** YouTube changes what it asks of clients often, and refuses yt-dlp builds that have not kept up. */
const STALE_AFTER_DAYS = 90;
const DAY_MS = 24 * 60 * 60_000;
/** Start-up waits for the answer, so a yt-dlp that hangs is given up on soon. */
const VERSION_TIMEOUT_MS = 5_000;

/** The day a yt-dlp version was released: its versions are dates, `2025.11.12` (nightlies add a time). */
function releaseDay(version: string): number | undefined {
  const date = /^(\d{4})\.(\d{2})\.(\d{2})\b/.exec(version);
  return date ? Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3])) : undefined;
}

/**
 * Asks yt-dlp its version once at start-up, so a missing or stale yt-dlp shows in the log before the
 * first video needs it. Answers the version, or undefined when yt-dlp cannot be run: start-up goes on,
 * since the chain's other steps do not need it.
 */
export async function checkYtDlp(
  ytDlpPath: string,
  log: SummariserLogger,
  now: Date,
): Promise<string | undefined> {
  let problem: string;
  try {
    const run = await runProgram(ytDlpPath, ["--version"], { timeoutMs: VERSION_TIMEOUT_MS });
    const version = run.code === 0 ? run.stdout.trim().split("\n")[0] : undefined;
    if (version) {
      log.info({ version }, "yt-dlp version");
      const released = releaseDay(version);
      if (released !== undefined && now.getTime() - released > STALE_AFTER_DAYS * DAY_MS) {
        log.warn(
          { version },
          `yt-dlp is more than ${STALE_AFTER_DAYS} days old and YouTube refuses old builds: update yt-dlp (rebuild the image)`,
        );
      }
      return version;
    }
    problem = run.code === null ? "it took too long" : lastLines(run.stderr) || `exit code ${run.code}`;
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  log.warn({ ytDlpPath, problem }, "yt-dlp cannot be run: speech-to-text will fail until it can");
  return undefined;
}
