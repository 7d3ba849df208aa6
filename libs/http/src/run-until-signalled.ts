import closeWithGrace from "close-with-grace";
import type { FastifyBaseLogger } from "fastify";

/**
 * Calls `stop` once on SIGINT/SIGTERM (or a crash), giving in-flight requests up to `graceMs` to finish
 * before the process exits. A crash is logged at fatal, which pino writes out at once, so the error is
 * on record even when stopping never ends.
 */
export function runUntilSignalled(
  logger: FastifyBaseLogger,
  stop: () => Promise<void>,
  graceMs = 10_000,
): void {
  closeWithGrace({ delay: graceMs }, async ({ signal, err }) => {
    if (err) logger.fatal({ err }, "stopping after an unexpected error");
    else logger.info({ signal }, "stopping");
    await stop();
  });
}
