import { randomUUID } from "node:crypto";
import { linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { StartUpError } from "./start-up-error.ts";

interface Holder {
  pid: number;
  url: string;
  token: string;
}

export interface DataDirLock {
  /** Gives the folder up; does nothing if another run has since taken it. */
  release(): void;
}

const LOCK_FILE = "tubedigest.lock";

function readHolder(file: string): Holder | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Holder;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the data folder for this process, so a second copy of the product cannot open the same embedded
 * database (whose writes would then be lost) and instead says which one runs. The lock file names this
 * process and its address; one left by a process that no longer runs is taken over. It is written whole
 * under another name and linked into place, so nobody reads it half-written.
 */
export function lockDataDir(dataDir: string, url: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  const me: Holder = { pid: process.pid, url, token: randomUUID() };
  const draft = `${file}.${me.token}`;
  writeFileSync(draft, JSON.stringify(me), { mode: 0o600 });
  try {
    for (;;) {
      try {
        linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = readHolder(file);
      if (holder && isRunning(holder.pid)) {
        throw new StartUpError(
          `tubedigest is already running on ${dataDir} (process ${holder.pid}, ${holder.url}): use that one, ` +
            `or stop it before starting another. If no such process is tubedigest, delete ${file}.`,
        );
      }
      console.warn(`The last run on ${dataDir} did not stop cleanly; its lock is taken over.`);
      rmSync(file, { force: true });
    }
  } finally {
    rmSync(draft, { force: true });
  }
  return {
    release() {
      if (readHolder(file)?.token === me.token) rmSync(file, { force: true });
    },
  };
}
