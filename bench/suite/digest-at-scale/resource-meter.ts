import { loadavg } from "node:os";
import type { BenchChild } from "../../support/child-process.ts";
import {
  cpuSecondsOfCommands,
  INFRA_COMMANDS,
  type Infra,
  machineCpuSeconds,
  resetPeakRss,
} from "../../support/process-usage.ts";

const INFRA = Object.keys(INFRA_COMMANDS) as Infra[];

function infraCpuSeconds(): Record<Infra, number> {
  return Object.fromEntries(
    INFRA.map((name) => [name, cpuSecondsOfCommands(INFRA_COMMANDS[name])]),
  ) as Record<Infra, number>;
}

export interface ResourceUse {
  /** Per service process: its peak resident memory over the span, its memory when it began, its CPU seconds. */
  processes: Record<string, { peakRssBytes: number; rssAtStartBytes: number; cpuSeconds: number }>;
  /** The bench's own process, which runs the fake model, Data API and caption pages. */
  benchCpuSeconds: number;
  /** Postgres, RabbitMQ and Redis each, whoever used them. */
  infraCpuSeconds: Record<Infra, number>;
  machine: { busySeconds: number; totalSeconds: number };
  /** The one-minute load average when the span began and when it ended. */
  loadAverage: { atStart: number; atEnd: number };
}

/**
 * Starts measuring a span of the bench: each process's peak memory is started over (VmHWM), and CPU
 * time is read now and again at `stop`.
 */
export function startResourceMeter(children: Record<string, BenchChild>): { stop(): ResourceUse } {
  for (const child of Object.values(children)) resetPeakRss(child.pid);
  const before = Object.fromEntries(Object.entries(children).map(([name, child]) => [name, child.usage()]));
  const machineBefore = machineCpuSeconds();
  const benchBefore = process.cpuUsage();
  const infraBefore = infraCpuSeconds();
  const loadAtStart = loadavg()[0] ?? Number.NaN;
  return {
    stop() {
      const machineAfter = machineCpuSeconds();
      const infraAfter = infraCpuSeconds();
      const bench = process.cpuUsage(benchBefore);
      const processes: ResourceUse["processes"] = {};
      for (const [name, child] of Object.entries(children)) {
        const after = child.usage();
        const start = before[name];
        processes[name] = {
          peakRssBytes: after.peakRssBytes,
          rssAtStartBytes: start?.rssBytes ?? Number.NaN,
          cpuSeconds: after.cpuSeconds - (start?.cpuSeconds ?? Number.NaN),
        };
      }
      return {
        processes,
        benchCpuSeconds: (bench.user + bench.system) / 1e6,
        infraCpuSeconds: Object.fromEntries(
          INFRA.map((name) => [name, infraAfter[name] - infraBefore[name]]),
        ) as Record<Infra, number>,
        machine: {
          busySeconds: machineAfter.busy - machineBefore.busy,
          totalSeconds: machineAfter.total - machineBefore.total,
        },
        loadAverage: { atStart: loadAtStart, atEnd: loadavg()[0] ?? Number.NaN },
      };
    },
  };
}
