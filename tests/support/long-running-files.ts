import type { Reporter, TestModule } from "vitest/node";

const REPORT_EVERY_MS = 60_000;
const LONG_AFTER_MS = 120_000;

/**
 * Names every test file still running after two minutes, once a minute. The default reporter prints a
 * file only when it ends, so a file stuck where no timeout reaches (a blocked event loop, a child process
 * that never exits) would otherwise leave a CI log silent until the job's own limit ends it.
 */
export default class LongRunningFiles implements Reporter {
  readonly #started = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;

  onTestRunStart(): void {
    this.#timer = setInterval(() => this.#report(), REPORT_EVERY_MS);
    this.#timer.unref();
  }

  onTestModuleStart(module: TestModule): void {
    this.#started.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    this.#started.delete(module.moduleId);
  }

  onTestRunEnd(): void {
    clearInterval(this.#timer);
  }

  #report(): void {
    const now = Date.now();
    for (const [file, started] of this.#started) {
      if (now - started < LONG_AFTER_MS) continue;
      const minutes = Math.floor((now - started) / 60_000);
      process.stderr.write(`still running after ${minutes} min: ${file}\n`);
    }
  }
}
