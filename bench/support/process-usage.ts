import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpuSecondsOf } from "./process-cpu.ts";

/** USER_HZ, the unit of /proc's CPU times: 100 on Linux everywhere the benchmarks run. */
const CLOCK_TICKS_PER_SECOND = 100;

/** What /proc says a running process has used so far: resident memory, its peak, and CPU time. */
export interface ProcessUsage {
  /** VmRSS: resident now. */
  rssBytes: number;
  /** VmHWM: the most it was ever resident (since start, or since `resetPeakRss`). */
  peakRssBytes: number;
  /** User plus system CPU time, in seconds. */
  cpuSeconds: number;
}

function statusField(status: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status);
  if (!match?.[1]) throw new Error(`/proc status has no ${field}`);
  return Number(match[1]) * 1024;
}

/** Resident memory and CPU time of a process on this machine (Linux only). */
export function processUsage(pid: number): ProcessUsage {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return {
    rssBytes: statusField(status, "VmRSS"),
    peakRssBytes: statusField(status, "VmHWM"),
    cpuSeconds: cpuSecondsOf(pid),
  };
}

/**
 * Starts the process's peak resident memory (VmHWM) over from what it holds now, so a later reading is
 * the peak of what came after (writing 5 to clear_refs; Linux 4.0 and later, same user).
 */
export function resetPeakRss(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

/** The whole machine's CPU time so far, busy and in all, in seconds summed over its cores (/proc/stat). */
export function machineCpuSeconds(): { busy: number; total: number } {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  // cpu  user nice system idle iowait irq softirq steal ...: idle and iowait are the time nobody ran.
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: (total - idle) / CLOCK_TICKS_PER_SECOND, total: total / CLOCK_TICKS_PER_SECOND };
}

/** Postgres, RabbitMQ (Erlang's VM) and Redis, by their command names: shared with anything else on the machine. */
export const INFRA_COMMANDS = {
  Postgres: ["postgres"],
  RabbitMQ: ["beam.smp"],
  Redis: ["redis-server"],
} as const;
export type Infra = keyof typeof INFRA_COMMANDS;

/** CPU seconds used so far by every process on the machine whose command name is one of `names`. */
export function cpuSecondsOfCommands(names: readonly string[]): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (names.includes(readFileSync(`/proc/${entry}/comm`, "utf8").trim()))
        total += cpuSecondsOf(Number(entry));
    } catch {
      // It ended between the listing and the reading.
    }
  }
  return total;
}
