import { readFileSync } from "node:fs";

// USER_HZ, 100 on Linux everywhere the benchmarks run.
const CLOCK_TICKS = 100;

/** CPU seconds a process has spent so far, user and system, every thread (Linux: read from /proc). */
export function cpuSecondsOf(pid: number): number {
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const [utime, stime] = [11, 12].map((index) => Number(fields[index]));
  return ((utime ?? 0) + (stime ?? 0)) / CLOCK_TICKS;
}
