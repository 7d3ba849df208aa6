import { type ChildProcess, execFile, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { childEnvironment } from "@tubedigest/testing/test-infra";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newDataDir } from "./support.ts";

const main = fileURLToPath(new URL("../src/main.ts", import.meta.url));

/** Every part embedded and the defaults of `make start`, whatever the test's own environment holds. */
function environment(dataDir: string, extra: Record<string, string> = {}) {
  return childEnvironment({
    DATA_DIR: dataDir,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    WEB_DIST: path.join(dataDir, "no-web-build"),
    // Empty is unset.
    DATABASE_URL: "",
    REDIS_URL: "",
    RABBITMQ_URL: "",
    YOUTUBE_API_KEY: "",
    PUBLIC_ORIGIN: "",
    ...extra,
  });
}

/** `make start` in another process, when it is expected to stop by itself. */
function startAndWait(env: NodeJS.ProcessEnv) {
  return promisify(execFile)(process.execPath, ["--import", "tsx", main], { env, timeout: 30_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe("make start, as a person sees it", () => {
  let dataDir: string;
  let product: ChildProcess;
  let stdout = "";
  let stderr = "";
  let url: string;

  beforeAll(async () => {
    dataDir = newDataDir();
    product = spawn(process.execPath, ["--import", "tsx", main], { env: environment(dataDir) });
    product.stdout?.on("data", (chunk) => {
      stdout += chunk;
    });
    product.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    while (!stderr.includes("Press Ctrl-C to stop.")) {
      if (product.exitCode !== null) throw new Error(`the product stopped: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    url = stderr.match(/open (http:\/\/127\.0\.0\.1:\d+) \(this machine only\)/)?.[1] ?? "";
  }, 120_000);
  afterAll(() => {
    if (product.exitCode === null) product.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("prints one block saying where to go, what is embedded and where the data lives", async () => {
    expect(url).not.toBe("");
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    expect(stderr).toBe(
      [
        "",
        `tubedigest is running: open ${url} (this machine only)`,
        "",
        "  database               embedded (PGlite)",
        "  sessions, rate limits  embedded, in memory (a restart signs everyone out)",
        "  events                 embedded, in this process",
        "  schedules              embedded, timers in this process",
        "  YouTube                demo catalog of made-up channels (set YOUTUBE_API_KEY for real ones)",
        "  payments               test mode only (set STRIPE_SECRET_KEY for card payments)",
        "  summaries              embedded extractive summariser (set OPENAI_API_KEY for a model), from the demo catalog's transcripts",
        `  e-mail                 files in the data folder, read at ${url}/dev/mailbox (set SMTP_URL to send)`,
        `  data                   ${dataDir}`,
        "",
        "Press Ctrl-C to stop.",
        "",
        "",
      ].join("\n"),
    );
  });

  it("logs no service's address at info, so the only address a person sees is the one to open", () => {
    const lines = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(lines.filter((line) => line.msg.startsWith("Server listening"))).toEqual([]);
  });

  it("logs no line per request at info, so the block above stays in view while people use it", async () => {
    for (const path of ["/healthz", "/readyz", "/api/plans", "/api/youtube/search?q=garden"]) {
      expect((await fetch(`${url}${path}`)).status, path).toBeLessThan(500);
    }
    // Lines are written asynchronously: let any request line that was coming arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = stdout
      .trim()
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as { msg: string });
    expect(lines.filter((line) => line.msg === "request completed")).toEqual([]);
  });

  it("refuses a second copy on the same data folder in one line naming the running one", async () => {
    const second = await startAndWait(environment(dataDir));
    expect(second).toMatchObject({ code: 1, stdout: "" });
    expect(second.stderr).toBe(
      `tubedigest is already running on ${dataDir} (process ${product.pid}, ${url}): use that one, or stop it ` +
        `before starting another. If no such process is tubedigest, delete ${dataDir}/tubedigest.lock.\n`,
    );
  });

  it("refuses a taken port in one line", async () => {
    const elsewhere = newDataDir();
    try {
      const port = new URL(url).port;
      const second = await startAndWait(environment(elsewhere, { PORT: port }));
      expect(second).toMatchObject({ code: 1, stdout: "" });
      expect(second.stderr).toBe(
        `Cannot listen on 127.0.0.1:${port} (HOST, PORT): the port is already in use; stop the program using it or choose another port.\n`,
      );
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it("says it stops on Ctrl-C, and that it stopped", async () => {
    const exited = new Promise((resolve) => product.once("exit", resolve));
    stderr = "";
    product.kill("SIGINT");
    expect(await exited).toBe(0);
    expect(stderr).toBe("Stopping tubedigest…\ntubedigest stopped.\n");
  });
});
