import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { childEnvironment } from "@tubedigest/testing/test-infra";
import { describe, expect, it } from "vitest";

const service = fileURLToPath(new URL("./support/last-words-service.ts", import.meta.url));

interface LogLine {
  level: number;
  msg: string;
  err?: { message: string };
}

/** Runs the service process to its end: how it exited and the log lines it wrote to stdout. */
function runUntilItEnds(ending: string): Promise<{ code: number | null; lines: LogLine[] }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", service],
      { env: childEnvironment({ LAST_WORDS: ending, LOG_LEVEL: "info" }), timeout: 20_000 },
      (error, stdout) => {
        const lines = stdout
          .split("\n")
          .filter((line) => line !== "")
          .map((line) => JSON.parse(line) as LogLine);
        resolve({ code: error ? (error.code as number | null) : 0, lines });
      },
    );
  });
}

const FATAL = 60;

describe("a service process's buffered log, as the process ends", () => {
  it.each([
    ["throw", "thrown after the last line"],
    ["reject", "rejected after the last line"],
  ])(
    "on an uncaught error (%s): the last line, then the error at fatal, then exit 1",
    async (ending, message) => {
      const { code, lines } = await runUntilItEnds(ending);
      expect(code).toBe(1);
      expect(lines.map((line) => line.msg)).toContain("the last line before the end");
      expect(lines).toContainEqual(
        expect.objectContaining({ level: FATAL, err: expect.objectContaining({ message }) }),
      );
    },
  );

  it.each(["SIGTERM", "SIGINT"])(
    "on %s: the last line and the graceful stop's, then exit 0",
    async (signal) => {
      const { code, lines } = await runUntilItEnds(signal);
      expect(code).toBe(0);
      expect(lines.map((line) => line.msg)).toEqual(
        expect.arrayContaining(["the last line before the end", "stopping", "stopped in order"]),
      );
    },
  );

  it("on SIGTERM while still starting: the lines logged so far", async () => {
    const { code, lines } = await runUntilItEnds("SIGTERM while starting");
    expect(code).toBe(0);
    expect(lines.map((line) => line.msg)).toEqual(["the last line before the end", "stopping"]);
  });

  it("on process.exit: the last line, with the code asked for", async () => {
    const { code, lines } = await runUntilItEnds("exit");
    expect(code).toBe(3);
    expect(lines.map((line) => line.msg)).toContain("the last line before the end");
  });
});
