import { type FakeYtDlp, writeFakeYtDlp } from "@tubedigest/testing/transcripts";
import { afterEach, describe, expect, it } from "vitest";
import { checkYtDlp } from "../src/adapters/transcripts/audio/yt-dlp-version.ts";
import type { SummariserSettings } from "../src/config.ts";
import { type SummariserUnderTest, startSummariser, transcriptsFrom } from "./support/summariser-harness.ts";

const NOW = new Date("2026-12-05T12:00:00Z");

function recordingLog() {
  const lines: { level: "info" | "warn" | "error"; details: object; message: string }[] = [];
  const log = {
    info: (details: object, message: string) => lines.push({ level: "info", details, message }),
    warn: (details: object, message: string) => lines.push({ level: "warn", details, message }),
    error: (details: object, message: string) => lines.push({ level: "error", details, message }),
  };
  return { log, lines };
}

const withYtDlp = (
  ytDlpPath: string,
  steps: SummariserSettings["transcripts"]["steps"] = ["captions", "speech-to-text"],
): Partial<SummariserSettings> => ({
  transcripts: {
    source: "youtube",
    steps,
    speechToText: {
      apiKey: "sk-test",
      model: "whisper-1",
      ytDlpPath,
      ffmpegPath: "ffmpeg",
      maxSeconds: 3_600,
      pieceSeconds: 600,
    },
  },
});

describe("yt-dlp's version, asked once at start-up", () => {
  let ytDlp: FakeYtDlp | undefined;
  let summariser: SummariserUnderTest | undefined;
  afterEach(async () => {
    await summariser?.stop();
    await ytDlp?.remove();
    summariser = undefined;
    ytDlp = undefined;
  });

  it("is logged, and a recent one brings no warning", async () => {
    ytDlp = await writeFakeYtDlp({}, { version: "2026.11.20" });
    const { log, lines } = recordingLog();
    expect(await checkYtDlp(ytDlp.path, log, NOW)).toBe("2026.11.20");
    expect(lines).toEqual([{ level: "info", details: { version: "2026.11.20" }, message: "yt-dlp version" }]);
  });

  it("warns that one over 90 days old must be updated, since YouTube refuses old builds", async () => {
    ytDlp = await writeFakeYtDlp({}, { version: "2026.08.01" });
    const { log, lines } = recordingLog();
    expect(await checkYtDlp(ytDlp.path, log, NOW)).toBe("2026.08.01");
    expect(lines.filter((line) => line.level === "warn").map((line) => line.message)).toEqual([
      expect.stringMatching(/more than 90 days old.*update yt-dlp \(rebuild the image\)/),
    ]);
  });

  it("warns, and answers none, when yt-dlp cannot be run", async () => {
    const { log, lines } = recordingLog();
    expect(await checkYtDlp("/nowhere/yt-dlp", log, NOW)).toBeUndefined();
    expect(lines).toEqual([
      {
        level: "warn",
        details: { ytDlpPath: "/nowhere/yt-dlp", problem: expect.stringContaining("ENOENT") },
        message: expect.stringMatching(/^yt-dlp cannot be run/),
      },
    ]);
  });

  it("shows in /readyz's details when speech-to-text is on", async () => {
    ytDlp = await writeFakeYtDlp({}, { version: "2026.11.20" });
    summariser = await startSummariser(
      { transcripts: transcriptsFrom({}).source },
      { settings: withYtDlp(ytDlp.path) },
    );
    const ready = await summariser.app.inject("/readyz");
    expect(ready.statusCode).toBe(200);
    expect(ready.json().details).toEqual({ ytDlpVersion: "2026.11.20" });
    expect(await ytDlp.runs()).toEqual([["--version"]]);
  });

  it("is not asked when speech-to-text is off, and a missing yt-dlp does not stop start-up", async () => {
    ytDlp = await writeFakeYtDlp({});
    summariser = await startSummariser(
      { transcripts: transcriptsFrom({}).source },
      { settings: withYtDlp(ytDlp.path, ["captions"]) },
    );
    expect((await summariser.app.inject("/readyz")).json().details).toBeUndefined();
    expect(await ytDlp.runs()).toEqual([]);
    await summariser.stop();
    summariser = undefined;
    summariser = await startSummariser(
      { transcripts: transcriptsFrom({}).source },
      { settings: withYtDlp("/nowhere/yt-dlp") },
    );
    const ready = await summariser.app.inject("/readyz");
    expect(ready.statusCode).toBe(200);
    expect(ready.json().details).toBeUndefined();
  });
});
