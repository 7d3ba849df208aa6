import { CronExpressionParser } from "cron-parser";

/**
 * Whether `pattern` is a cron pattern the schedulers read (five fields, or six with seconds first), for a
 * configuration check that names the bad variable at start-up rather than failing in the scheduler.
 */
export function isCronPattern(pattern: string): boolean {
  try {
    CronExpressionParser.parse(pattern, { strict: false });
    return pattern.trim().split(/\s+/).length >= 5;
  } catch {
    return false;
  }
}
