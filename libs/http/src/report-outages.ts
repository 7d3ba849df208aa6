import type { Logger } from "pino";

/** A client that reconnects by itself and says so in events, as ioredis does. */
interface ReconnectingClient {
  on(event: "error", listener: (error: Error) => void): unknown;
  on(event: "ready", listener: () => void): unknown;
}

/** What `reportOutages` knows of a part. */
export interface Outages {
  /** The part failed and has not come back since (false while its first connection is being made). */
  readonly ongoing: boolean;
}

/**
 * Logs an outside part going away once, as a warning naming it and what stops working, and its return
 * once: its client reports every failed reconnection attempt, which would flood the log with one stack
 * trace each.
 */
export function reportOutages(
  client: ReconnectingClient,
  options: { log: Logger; part: string; consequence: string },
): Outages {
  let down = false;
  client.on("error", (error) => {
    if (down) return;
    down = true;
    options.log.warn(
      { reason: error.message },
      `${options.part} is unreachable: ${options.consequence}; reconnecting in the background`,
    );
  });
  client.on("ready", () => {
    if (!down) return;
    down = false;
    options.log.info(`${options.part} is reachable again`);
  });
  return {
    get ongoing() {
      return down;
    },
  };
}
