/**
 * The embedded product as `make start` runs it (`services/standalone/dist/main.js`, every service in one
 * process, every part embedded): time from process start to the first 200 of `/readyz`, and the process's
 * resident memory once idle, on a first start (empty DATA_DIR) and on a warm one (the same DATA_DIR
 * again), then after sign-ups and channel searches through the gateway. The CPU time spent until that
 * first 200 is given too, as a measure that does not depend on what else shares the machine: the whole
 * process's (every thread, with WebAssembly compiled in the background) and its main thread's, the
 * critical path, which is about what the start-up takes on an idle machine with a core to spare.
 *
 *   npx turbo run build   # the bench runs the built product
 *   npx tsx bench/embedded-product.ts [--runs 3] [--users 1000] [--searches 1000] [--idle-seconds 10]
 *
 * Linux only (memory is read from /proc). Each run uses a data folder of its own, removed afterwards.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { unusedPort } from "@tubedigest/testing/test-infra";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    users: { type: "string", default: "1000" },
    searches: { type: "string", default: "1000" },
    "idle-seconds": { type: "string", default: "10" },
    concurrency: { type: "string", default: "4" },
  },
});
const runs = Number(values.runs);
const users = Number(values.users);
const searches = Number(values.searches);
const idleMs = Number(values["idle-seconds"]) * 1000;
const concurrency = Number(values.concurrency);

const root = fileURLToPath(new URL("..", import.meta.url));
const main = path.join(root, "services/standalone/dist/main.js");
if (!existsSync(main)) throw new Error(`${main} is missing: run \`npx turbo run build\` first.`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident and peak resident memory of a process, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1]);
  return { rss: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
}

/** CPU seconds spent by what a /proc stat file describes (a process, or one of its threads). */
function cpuSecondsIn(statFile: string): number {
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = readFileSync(statFile, "utf8").split(") ")[1]?.split(" ") ?? [];
  const [utime, stime] = [11, 12].map((index) => Number(fields[index]));
  return ((utime ?? 0) + (stime ?? 0)) / CLOCK_TICKS;
}
// USER_HZ, 100 on Linux everywhere it runs.
const CLOCK_TICKS = 100;

interface Started {
  child: ChildProcess;
  url: string;
  secondsToFirst200: number;
  cpuSeconds: number;
  mainThreadCpuSeconds: number;
}

async function start(dataDir: string): Promise<Started> {
  const port = await unusedPort();
  const began = performance.now();
  const child = spawn(process.execPath, ["--enable-source-maps", main], {
    cwd: root,
    env: {
      // biome-ignore lint/style/noProcessEnv: the product runs in the bench's environment plus these.
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      // The bench is one client address: limits would measure the limiter, not the product.
      SIGN_IN_RATE_LIMIT: "1000000",
      SEARCH_RATE_LIMIT: "1000000",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited with ${child.exitCode}: ${stderr}`);
    const answer = await fetch(`${url}/readyz`).catch(() => undefined);
    if (answer?.status === 200) break;
    await sleep(20);
  }
  return {
    child,
    url,
    secondsToFirst200: (performance.now() - began) / 1000,
    cpuSeconds: cpuSecondsIn(`/proc/${child.pid}/stat`),
    mainThreadCpuSeconds: cpuSecondsIn(`/proc/${child.pid}/task/${child.pid}/stat`),
  };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGINT");
  await exited;
}

async function inParallel(count: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

async function expectStatus(answer: Promise<Response>, status: number): Promise<void> {
  const response = await answer;
  if (response.status !== status)
    throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
}

interface Run {
  firstStart: number;
  firstCpu: number;
  firstMainThread: number;
  firstIdle: { rss: number; peak: number };
  warmStart: number;
  warmCpu: number;
  warmMainThread: number;
  warmIdle: { rss: number; peak: number };
  loadSeconds: number;
  afterLoad: { rss: number; peak: number };
}

async function run(): Promise<Run> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "td-bench-"));
  try {
    const first = await start(dataDir);
    await sleep(idleMs);
    const firstIdle = memoryOf(first.child.pid as number);
    await stop(first.child);

    const warm = await start(dataDir);
    await sleep(idleMs);
    const warmIdle = memoryOf(warm.child.pid as number);

    const loadStarted = performance.now();
    const suffix = Date.now().toString(36);
    await inParallel(users, (index) =>
      expectStatus(
        fetch(`${warm.url}/api/auth/register`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            email: `bench-${suffix}-${index}@example.com`,
            password: "a bench password",
          }),
        }),
        201,
      ),
    );
    await inParallel(searches, (index) =>
      expectStatus(
        fetch(`${warm.url}/api/youtube/search?query=${encodeURIComponent(`music ${index}`)}`),
        200,
      ),
    );
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    await sleep(idleMs);
    const afterLoad = memoryOf(warm.child.pid as number);
    await stop(warm.child);
    return {
      firstStart: first.secondsToFirst200,
      firstCpu: first.cpuSeconds,
      firstMainThread: first.mainThreadCpuSeconds,
      firstIdle,
      warmStart: warm.secondsToFirst200,
      warmCpu: warm.cpuSeconds,
      warmMainThread: warm.mainThreadCpuSeconds,
      warmIdle,
      loadSeconds,
      afterLoad,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: Run[] = [];
for (let index = 0; index < runs; index++) {
  results.push(await run());
  process.stderr.write(`run ${index + 1} of ${runs} done\n`);
}
const median = (pick: (run: Run) => number) => {
  const sorted = results.map(pick).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};
const seconds = (pick: (run: Run) => number) =>
  `${median(pick).toFixed(2)} s  (runs: ${results.map((r) => pick(r).toFixed(2)).join(", ")})`;
const mb = (pick: (run: Run) => number) =>
  `${median(pick)} MB  (runs: ${results.map((r) => pick(r)).join(", ")})`;
process.stdout.write(
  [
    `runs: ${runs}, sign-ups: ${users}, searches: ${searches}, idle wait: ${idleMs / 1000} s, medians`,
    `first start, empty DATA_DIR: first 200 after ${seconds((r) => r.firstStart)}`,
    `                             CPU time until then ${seconds((r) => r.firstCpu)}`,
    `                             of it on the main thread ${seconds((r) => r.firstMainThread)}`,
    `                             idle RSS ${mb((r) => r.firstIdle.rss)}, peak ${mb((r) => r.firstIdle.peak)}`,
    `warm start, same DATA_DIR:   first 200 after ${seconds((r) => r.warmStart)}`,
    `                             CPU time until then ${seconds((r) => r.warmCpu)}`,
    `                             of it on the main thread ${seconds((r) => r.warmMainThread)}`,
    `                             idle RSS ${mb((r) => r.warmIdle.rss)}, peak ${mb((r) => r.warmIdle.peak)}`,
    `sign-ups and searches:       ${seconds((r) => r.loadSeconds)}`,
    `                             idle RSS after ${mb((r) => r.afterLoad.rss)}, peak ${mb((r) => r.afterLoad.peak)}`,
    "",
  ].join("\n"),
);
