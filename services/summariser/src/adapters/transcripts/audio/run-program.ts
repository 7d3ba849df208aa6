import { execFile } from "node:child_process";

export interface ProgramRun {
  /** The exit code; null when it was killed (its time ran out). */
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a program with arguments (never through a shell, so nothing in them is interpreted), killing it
 * after `timeoutMs`. Rejects only when it cannot be started at all (not installed, not executable).
 */
export function runProgram(
  path: string,
  args: string[],
  options: { timeoutMs: number },
): Promise<ProgramRun> {
  return new Promise((resolve, reject) => {
    execFile(
      path,
      args,
      { timeout: options.timeoutMs, maxBuffer: 16 * 1024 * 1024, killSignal: "SIGKILL", encoding: "utf8" },
      (error, stdout, stderr) => {
        const started = error === null || typeof (error as { code?: unknown }).code !== "string";
        if (!started) return reject(error);
        const code = error === null ? 0 : error.killed ? null : ((error.code as number | undefined) ?? 1);
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The last lines of a program's complaint, for a log or an error message. */
export const lastLines = (text: string, count = 3) => text.trim().split("\n").slice(-count).join(" | ");
