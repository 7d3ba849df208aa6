import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { childEnvironment } from "@tubedigest/testing/test-infra";
import { type ProcessUsage, processUsage } from "./process-usage.ts";

/** A TypeScript entry point running in a Node process of its own, as a deployed service would. */
export interface BenchChild {
  readonly name: string;
  readonly pid: number;
  /** The port it printed with "ready <port>". */
  readonly port: number;
  /** Everything it printed, stdout and stderr. */
  readonly logFile: string;
  usage(): ProcessUsage;
  /** SIGTERM, then SIGKILL if it is still there after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

export interface BenchChildOptions {
  name: string;
  /** The .ts file to run with `node --import tsx`. */
  entry: string;
  args?: string[];
  /** Variables on top of this process's environment. */
  env?: Record<string, string>;
  /** Extra Node options, such as `--cpu-prof`. */
  nodeOptions?: string[];
  /** Where everything it prints goes, besides the lines `onLine` takes. */
  logFile: string;
  /** Called with each line it prints on stdout; "ready <port>" is taken by the helper. */
  onLine?: (line: string) => void;
  /** How long it may take to print "ready" (60 s). */
  startTimeoutMs?: number;
  /** Once it is ready, what it prints is read and dropped, neither parsed nor kept (a load test's logs). */
  discardOutputOnceReady?: boolean;
}

// A bench stopped by Ctrl-C or `kill` ends through its exit hooks, so the services it started end with it
// instead of working on beside the next run.
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const) {
  process.once(signal, () => process.exit(code));
}

const tail = (file: string) => readFileSync(file, "utf8").split("\n").slice(-30).join("\n");

/**
 * Starts the entry and resolves once it prints "ready <port>"; rejects with the end of its output when it
 * exits or stays silent first. Its stdout and stderr go to `logFile`; the parent reads its lines too.
 */
export function startBenchChild(options: BenchChildOptions): Promise<BenchChild> {
  const log = createWriteStream(options.logFile);
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeOptions ?? []), "--import", "tsx", options.entry, ...(options.args ?? [])],
    { env: childEnvironment(options.env ?? {}), stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stderr?.pipe(log, { end: false });
  // Should this process end without stopping it (an exception, a closed stdout), it goes too.
  const orphaned = () => child.kill("SIGKILL");
  process.once("exit", orphaned);
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      process.off("exit", orphaned);
      resolve();
    }),
  );

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${options.name} did not start in time:\n${tail(options.logFile)}`));
    }, options.startTimeoutMs ?? 60_000);
    const onEarlyExit = (code: number | null) => {
      clearTimeout(timer);
      log.end(() =>
        reject(new Error(`${options.name} exited (${code}) before it was ready:\n${tail(options.logFile)}`)),
      );
    };
    child.once("exit", onEarlyExit);
    const lines = createInterface({ input: child.stdout ?? process.stdin });
    lines.on("line", (line) => {
      log.write(`${line}\n`);
      const ready = /^ready (\d+)$/.exec(line);
      if (!ready) return options.onLine?.(line);
      clearTimeout(timer);
      child.off("exit", onEarlyExit);
      if (options.discardOutputOnceReady) {
        lines.close();
        child.stderr?.unpipe(log);
        for (const stream of [child.stdout, child.stderr]) stream?.resume();
      }
      const pid = child.pid;
      if (pid === undefined) return reject(new Error(`${options.name} has no process id`));
      resolve({
        name: options.name,
        pid,
        port: Number(ready[1]),
        logFile: options.logFile,
        usage: () => processUsage(pid),
        async stop(graceMs = 10_000) {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill("SIGTERM");
          const killer = setTimeout(() => child.kill("SIGKILL"), graceMs);
          await exited;
          clearTimeout(killer);
          log.end();
        },
      });
    });
  });
}
