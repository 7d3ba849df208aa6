/**
 * What the embedded product spends doing nothing: `services/standalone/dist/main.js` as `make start`
 * runs it (every service in one process, embedded PGlite, the in-process broker), on a fresh data folder,
 * left alone once `/readyz` answered 200. After a settling pause, the CPU time of the whole process (all
 * threads, from /proc/<pid>/stat) is read over a window and given as a share of one core, with the
 * resident memory (`VmRSS`) at the end. An idle product is woken by nothing but its safety-net polls
 * (outbox relays and the mail dispatcher every 30 s), so the figure hardly depends on what else
 * runs on the machine; the load average is said beside it all the same.
 *
 *   npx turbo run build   # the bench runs the built product
 *   node --import tsx bench/suite/idle-product.ts [--settle-seconds 60] [--seconds 60]
 *
 * Linux only (CPU and memory are read from /proc). The data folder is removed afterwards.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { unusedPort } from "@tubedigest/testing/test-infra";
import { machineDescription, markdownTable, recordInPerformanceDoc } from "../support/performance-report.ts";

const { values } = parseArgs({
  options: {
    "settle-seconds": { type: "string", default: "60" },
    seconds: { type: "string", default: "60" },
  },
});
const settleMs = Number(values["settle-seconds"]) * 1000;
const windowMs = Number(values.seconds) * 1000;
const TARGET_CPU_PERCENT = 1;
const TARGET_RSS_MB = 600;
// USER_HZ, 100 on Linux everywhere it runs.
const CLOCK_TICKS = 100;

const root = fileURLToPath(new URL("../..", import.meta.url));
const main = path.join(root, "services/standalone/dist/main.js");
if (!existsSync(main)) throw new Error(`${main} is missing: run \`npx turbo run build\` first.`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds the process has spent, every thread. */
function cpuSecondsOf(pid: number): number {
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const [utime, stime] = [11, 12].map((index) => Number(fields[index]));
  return ((utime ?? 0) + (stime ?? 0)) / CLOCK_TICKS;
}

function rssMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1]) / 1024);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "td-bench-idle-"));
const port = await unusedPort();
const child = spawn(process.execPath, ["--enable-source-maps", main], {
  cwd: root,
  // biome-ignore lint/style/noProcessEnv: the product runs in the bench's environment plus these.
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "pipe"],
});
let stderr = "";
child.stderr?.on("data", (chunk) => {
  stderr += chunk;
});
const loadBefore = loadavg()[0] ?? 0;
let measured: { cpuPercent: number; rssMb: number; seconds: number };
try {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited with ${child.exitCode}: ${stderr}`);
    const answer = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
    if (answer?.status === 200) break;
    await sleep(100);
  }
  await sleep(settleMs);
  const pid = child.pid ?? 0;
  const [cpuBefore, began] = [cpuSecondsOf(pid), performance.now()];
  await sleep(windowMs);
  const [cpuAfter, ended] = [cpuSecondsOf(pid), performance.now()];
  const seconds = (ended - began) / 1000;
  measured = { cpuPercent: ((cpuAfter - cpuBefore) / seconds) * 100, rssMb: rssMbOf(pid), seconds };
} finally {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGINT");
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
const loadAfter = loadavg()[0] ?? 0;

const table = markdownTable(
  ["measure", "target", "measured"],
  [
    [
      `CPU over ${measured.seconds.toFixed(0)} s idle (whole process, share of one core)`,
      `≤ ${TARGET_CPU_PERCENT} %`,
      `**${measured.cpuPercent.toFixed(2)} %**`,
    ],
    ["RSS at the end", `≤ ${TARGET_RSS_MB} MB`, `**${measured.rssMb} MB**`],
  ],
);
process.stdout.write(`${table}\n`);
recordInPerformanceDoc(
  "idle-product",
  [
    "```",
    "npx turbo run build && node --import tsx bench/suite/idle-product.ts",
    "```",
    "",
    `${machineDescription()}; ${new Date().toISOString().slice(0, 10)}; load average ${loadBefore.toFixed(1)} before the run and ${loadAfter.toFixed(1)} after it (the machine is shared: other work ran beside the product). The product started on an empty data folder and was left alone ${settleMs / 1000} s after its first 200 of \`/readyz\` before the window began.`,
    "",
    table,
  ].join("\n"),
);
