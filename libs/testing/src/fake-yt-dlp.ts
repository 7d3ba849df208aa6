import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fakeSpeechWav } from "./fake-openai-transcriptions.ts";

/** What the fake yt-dlp does for a video: give so many seconds of audio, or fail as yt-dlp does. */
export type FakeYtDlpVideo = { seconds: number } | "unavailable" | "refused";

export interface FakeYtDlp {
  /** The executable: give it as YT_DLP_PATH. */
  readonly path: string;
  /** Each run's arguments, oldest first. */
  runs(): Promise<string[][]>;
  remove(): Promise<void>;
}

/**
 * A stand-in for yt-dlp: an executable Node script that, asked for a watch URL, copies a WAV made by
 * fakeSpeechWav (each second's samples naming the second) to the `--output` template with the `wav`
 * extension and prints its path, as `--print after_move:filepath` does; an "unavailable" video fails as
 * a removed one does, a "refused" one as YouTube's bot check makes yt-dlp fail. Asked `--version`, it
 * prints `version`: by default today's date, as a fresh yt-dlp's is. It logs its arguments.
 */
export async function writeFakeYtDlp(
  videos: Record<string, FakeYtDlpVideo>,
  options: { version?: string } = {},
): Promise<FakeYtDlp> {
  const version = options.version ?? new Date().toISOString().slice(0, 10).replaceAll("-", ".");
  const directory = await mkdtemp(join(tmpdir(), "fake-yt-dlp-"));
  for (const [id, video] of Object.entries(videos)) {
    if (typeof video === "object")
      await writeFile(join(directory, `${id}.wav`), fakeSpeechWav(video.seconds));
  }
  await writeFile(join(directory, "videos.json"), JSON.stringify(videos));
  const script = `#!/usr/bin/env node
const fs = require("node:fs");
const path = require("node:path");
const directory = ${JSON.stringify(directory)};
const args = process.argv.slice(2);
fs.appendFileSync(path.join(directory, "runs.jsonl"), JSON.stringify(args) + "\\n");
if (args[0] === "--version") {
  console.log(${JSON.stringify(version)});
  process.exit(0);
}
const videos = JSON.parse(fs.readFileSync(path.join(directory, "videos.json"), "utf8"));
const id = new URL(args[args.length - 1]).searchParams.get("v");
const video = videos[id];
if (video === "refused") {
  console.error("ERROR: [youtube] " + id + ": Sign in to confirm you\\u2019re not a bot. Use --cookies-from-browser or --cookies for the authentication.");
  process.exit(1);
}
if (!video || video === "unavailable") {
  console.error("ERROR: [youtube] " + id + ": Video unavailable. This video has been removed by the uploader");
  process.exit(1);
}
const template = args[args.indexOf("--output") + 1];
const target = template.replace("%(ext)s", "wav");
fs.copyFileSync(path.join(directory, id + ".wav"), target);
console.log(target);
`;
  const path = join(directory, "yt-dlp");
  await writeFile(path, script);
  await chmod(path, 0o755);
  return {
    path,
    async runs() {
      const log = await readFile(join(directory, "runs.jsonl"), "utf8").catch(() => "");
      return log
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as string[]);
    },
    remove: () => rm(directory, { recursive: true, force: true }),
  };
}
