import type { CliOutput } from "../../src/cli/digest.ts";

/** Output streams for an operator CLI that keep what it writes, to be read back as text. */
export function capturedOutput(): { io: CliOutput; written: { stdout: string; stderr: string } } {
  const written = { stdout: "", stderr: "" };
  const sink = (stream: "stdout" | "stderr") =>
    ({
      write(chunk: string) {
        written[stream] += chunk;
        return true;
      },
    }) as unknown as NodeJS.WritableStream;
  return { io: { stdout: sink("stdout"), stderr: sink("stderr") }, written };
}
