import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ServiceLaunch, ServiceReport } from "./service-process-entry.ts";

const ENTRY = fileURLToPath(new URL("./service-process-entry.ts", import.meta.url));
const STOP_TIMEOUT_MS = 15_000;

export interface ServiceProcess {
  url: string;
  pid: number;
  /** The bus queues it declared, for the caller to delete once the bench is over. */
  declaredQueues: string[];
  stop(): Promise<void>;
}

/** Starts one service in a Node process of its own and resolves once it listens on a loopback port. */
export async function startServiceProcess(launch: ServiceLaunch): Promise<ServiceProcess> {
  const child = fork(ENTRY, [], {
    execArgv: ["--import", "tsx"],
    // Its log lines (one or two JSON lines per request) are written and thrown away, as a log shipper
    // would take them; stderr is kept to explain a failed start.
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const declaredQueues: string[] = [];
  const stopped = new Promise<void>((resolve) => {
    child.on("message", (message: ServiceReport) => {
      if (message.kind === "queue-declared") declaredQueues.push(...message.queues);
      if (message.kind === "stopped") resolve();
    });
    child.once("exit", () => resolve());
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.on("message", (message: ServiceReport) => {
      if (message.kind === "listening") resolve(message.url);
    });
    child.once("exit", (code) => reject(new Error(`${launch.service} exited with ${code}: ${stderr}`)));
    child.send(launch);
  });
  return {
    url,
    pid: child.pid as number,
    declaredQueues,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.send("stop");
      await stopped;
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
