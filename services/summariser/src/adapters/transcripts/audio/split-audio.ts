import { readFile } from "node:fs/promises";
import { extname } from "node:path";
import { lastLines, runProgram } from "./run-program.ts";

/** One piece of a long recording: its file and where in the recording it starts. */
export interface AudioPiece {
  path: string;
  startSeconds: number;
}

export interface AudioSplit {
  ffmpegPath: string;
  /** The longest piece, in seconds: each must stay under the transcription API's upload limit. */
  pieceSeconds: number;
  timeoutMs: number;
}

/**
 * The recording cut into pieces of at most `pieceSeconds` with ffmpeg's segment muxer, copying the stream
 * (no re-encoding, so seconds for hours of audio). The muxer cuts on packet boundaries, so each piece's
 * real start is read from the list it writes, not assumed: the transcripts of the pieces are stitched by
 * those starts.
 */
export async function splitAudio(
  settings: AudioSplit,
  path: string,
  directory: string,
): Promise<AudioPiece[]> {
  const list = `${directory}/pieces.csv`;
  const args = [
    "-hide_banner",
    "-loglevel",
    "error",
    "-nostdin",
    "-i",
    path,
    "-map",
    "0:a:0",
    "-c",
    "copy",
    "-f",
    "segment",
    "-segment_time",
    String(settings.pieceSeconds),
    "-segment_list",
    list,
    "-segment_list_type",
    "csv",
    "-reset_timestamps",
    "1",
    `${directory}/piece-%04d${extname(path) || ".audio"}`,
  ];
  const run = await runProgram(settings.ffmpegPath, args, { timeoutMs: settings.timeoutMs });
  if (run.code !== 0) {
    const why = run.code === null ? "it took too long" : lastLines(run.stderr) || `exit code ${run.code}`;
    throw new Error(`ffmpeg could not split the audio: ${why}`);
  }
  const pieces = (await readFile(list, "utf8"))
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const [file = "", start = ""] = line.split(",");
      return { path: `${directory}/${file}`, startSeconds: Number(start) };
    });
  if (pieces.length === 0 || pieces.some((piece) => !Number.isFinite(piece.startSeconds))) {
    throw new Error("ffmpeg's list of pieces cannot be read");
  }
  return pieces;
}
