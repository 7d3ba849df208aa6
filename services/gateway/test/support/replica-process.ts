import { type ChildProcess, spawn } from "node:child_process";
import { eventually } from "@tubedigest/testing/eventually";

/**
 * A service replica in a process of its own, for tests that kill one mid-run: `entry` is a script that
 * takes its config as JSON, its one argument, and prints "ready" once it consumes. Resolves once it has.
 */
export async function startReplicaProcess(entry: string, config: unknown): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", entry, JSON.stringify(config)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  try {
    // Its services compile and migrate at start: generous on a busy machine.
    await eventually(
      () => (output.includes("ready") ? true : child.exitCode === null ? undefined : false),
      45_000,
    );
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode} before it was ready`);
  return child;
}
