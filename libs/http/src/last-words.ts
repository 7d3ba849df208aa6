/** A log destination that can write out what it holds before the call returns (pino's `destination`). */
export interface SyncFlushable {
  flushSync(): void;
}

/**
 * Writes out what a buffered log still holds whenever the process is about to end: by the last event
 * (beforeExit), by `process.exit` (which every ending of a service process goes through: a signal or a
 * crash handled by runUntilSignalled, a start-up failure) or by an uncaught error. Without it, the lines
 * that explain why a process ended are the ones still waiting in the buffer.
 */
export function flushAtExit(destination: SyncFlushable): void {
  const flush = () => {
    try {
      destination.flushSync();
    } catch {
      // Closed already, or never opened: there is nothing left that could be written.
    }
  };
  process.on("beforeExit", flush);
  process.on("exit", flush);
}
