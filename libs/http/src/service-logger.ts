import type { FastifyRequest } from "fastify";
import { type DestinationStream, type Logger, type LoggerOptions, pino } from "pino";
import { flushAtExit } from "./last-words.ts";
import { redactUrl } from "./redact-url.ts";
import { traceIdsOfLine } from "./tracing/log-trace-ids.ts";

export interface ServiceLoggerOptions {
  /**
   * Logs where the app listens and each request at debug, not info: for the embedded product, whose
   * console is read by a person. It tells them the address to open once, and its start-up block must
   * stay in view rather than scroll away under a line per request; its services' loopback ports are
   * for the gateway alone. LOG_LEVEL=debug shows them again.
   */
  quietRoutine?: boolean;
  /** Where the lines go: stdout when absent. */
  destination?: DestinationStream;
}

// Fastify's own lines: once an app listens, and for each request as it is answered.
const ROUTINE = /^(?:Server listening at |request completed$)/;

/**
 * Fastify's request fields (it logs `{ req }` for each request it answers), with the URL's credentials
 * redacted: sign-in and unsubscribe links carry their token in the query, a private feed and a shared
 * summary theirs in the path.
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

/** What a line may wait in a service process's buffer before it is written, at most. */
const LOG_FLUSH_INTERVAL_MS = 1_000;

/**
 * Stdout for a service process's lines, written in blocks of about 4 KB (or once a second, and at exit)
 * rather than a write for each line: a busy service logs a line per request, and a system call per line
 * is a visible share of the gateway's CPU per proxied request. Lines reach the log shipper up to a second
 * late; a process that is killed outright (SIGKILL) loses at most that second, any other ending none.
 */
export function bufferedStdout(): DestinationStream {
  const destination = pino.destination({ dest: 1, minLength: 4096, periodicFlush: LOG_FLUSH_INTERVAL_MS });
  flushAtExit(destination);
  return destination;
}

/**
 * The one log format of every service: JSON lines named by service, with credentials redacted, and the
 * trace and span of the work that logged them while tracing is on.
 */
export function createServiceLogger(
  service: string,
  level = "info",
  options: ServiceLoggerOptions = {},
): Logger {
  const logOptions: LoggerOptions = {
    level,
    base: { service },
    mixin: traceIdsOfLine,
    serializers: { req: serializeRequest },
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    ...(options.quietRoutine
      ? {
          hooks: {
            logMethod(args, method, methodLevel) {
              // Fastify logs `(message)` or `({ req, res, responseTime }, message)`.
              const message = args.find((arg) => typeof arg === "string");
              if (methodLevel === this.levels.values.info && message !== undefined && ROUTINE.test(message)) {
                return this.debug(...(args as Parameters<Logger["debug"]>));
              }
              return method.apply(this, args);
            },
          },
        }
      : {}),
  };
  return options.destination ? pino(logOptions, options.destination) : pino(logOptions);
}
