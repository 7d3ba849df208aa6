import closeWithGrace from "close-with-grace";
import type { FastifyBaseLogger } from "fastify";

/**
 * Calls `stop` once on SIGINT/SIGTERM (or a crash), giving in-flight requests up to `graceMs` to finish
 * before the process exits.
 */
export function runUntilSignalled(
  logger: FastifyBaseLogger,
  stop: () => Promise<void>,
  graceMs = 10_000,
): void {
  closeWithGrace({ delay: graceMs }, async ({ signal, err }) => {
    if (err) logger.error({ err }, "stopping after an unexpected error");
    else logger.info({ signal }, "stopping");
    await stop();
  });
}
