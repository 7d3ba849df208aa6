import { type Logger, pino } from "pino";

/** The one log format of every service: JSON lines named by service, with credentials redacted. */
export function createServiceLogger(service: string, level = "info"): Logger {
  return pino({
    level,
    base: { service },
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
  });
}
