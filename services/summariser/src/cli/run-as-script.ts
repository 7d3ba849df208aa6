import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** Whether the module at `moduleUrl` is the script node was asked to run, not one a test imported. */
export const isRunAsScript = (moduleUrl: string): boolean =>
  process.argv[1] !== undefined && moduleUrl === pathToFileURL(resolve(process.argv[1])).href;

/**
 * Runs an operator command to its exit code: an error it throws is printed as its message alone (exit 1),
 * and `close` releases what it held (the database, the queue) however it ended.
 */
export function runToExit(command: () => Promise<number>, close: () => Promise<void>): void {
  command()
    .then(
      (code) => code,
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        return 1;
      },
    )
    .then(async (code) => {
      await close();
      process.exit(code);
    });
}
