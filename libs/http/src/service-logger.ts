import { type Logger, pino } from "pino";

export interface ServiceLoggerOptions {
  /**
   * Logs where the app listens at debug, not info: for the embedded product, which tells people the
   * address to open once, and whose services' loopback ports are for the gateway alone.
   */
  quietListening?: boolean;
}

// Fastify's own line once an app listens.
const LISTENING = /^Server listening at /;

/** The one log format of every service: JSON lines named by service, with credentials redacted. */
export function createServiceLogger(
  service: string,
  level = "info",
  options: ServiceLoggerOptions = {},
): Logger {
  return pino({
    level,
    base: { service },
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    ...(options.quietListening
      ? {
          hooks: {
            logMethod(args, method, methodLevel) {
              const [message] = args;
              if (
                methodLevel === this.levels.values.info &&
                typeof message === "string" &&
                LISTENING.test(message)
              ) {
                return this.debug(message);
              }
              return method.apply(this, args);
            },
          },
        }
      : {}),
  });
}
