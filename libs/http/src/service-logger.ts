import type { FastifyRequest } from "fastify";
import { type DestinationStream, type Logger, type LoggerOptions, pino } from "pino";
import { redactUrl } from "./redact-url.ts";

export interface ServiceLoggerOptions {
  /**
   * Logs where the app listens at debug, not info: for the embedded product, which tells people the
   * address to open once, and whose services' loopback ports are for the gateway alone.
   */
  quietListening?: boolean;
  /** Where the lines go: stdout when absent. */
  destination?: DestinationStream;
}

// Fastify's own line once an app listens.
const LISTENING = /^Server listening at /;

/**
 * Fastify's request fields (it logs `{ req }` for each incoming request), with the query's credentials
 * redacted: sign-in and unsubscribe links carry their token there.
 */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The one log format of every service: JSON lines named by service, with credentials redacted. */
export function createServiceLogger(
  service: string,
  level = "info",
  options: ServiceLoggerOptions = {},
): Logger {
  const logOptions: LoggerOptions = {
    level,
    base: { service },
    serializers: { req: serializeRequest },
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
  };
  return options.destination ? pino(logOptions, options.destination) : pino(logOptions);
}
