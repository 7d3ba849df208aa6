import { Host, LogLevel, Port, TracingVariables, Url } from "@tubedigest/config";
import { isTimeZone } from "@tubedigest/contracts/time-zone";
import { isCronPattern } from "@tubedigest/jobs";
import Type, { type Static } from "typebox";

/**
 * Every 15 minutes: each time zone's offset from UTC is a whole number of quarter hours, so every zone's
 * 09:00 falls on one of these slots, and the summariser picks the users whose Monday 09:00 it is.
 */
export const DEFAULT_DIGEST_SLOT_PATTERN = "*/15 * * * *";
/** Every hour, on the hour: catalog checks the channels whose last check is a day old. */
export const DEFAULT_UPLOAD_CHECK_PATTERN = "0 * * * *";

/** Where the schedules live in Redis: BullMQ's keys are "td:schedules:…", beside the other services'. */
export const SCHEDULE_STORE = { prefix: "td", queueName: "schedules" } as const;

const CronPattern = (defaultValue: string, description: string) =>
  Type.Refine(
    Type.String({ default: defaultValue, description }),
    isCronPattern,
    () => 'must be a cron pattern: five fields, such as "*/15 * * * *" (or six, seconds first)',
  );

/** The scheduler's environment when it runs as its own process (compose, Kubernetes, `make stack`). */
export const SchedulerEnvironment = Type.Object({
  PORT: Port({ default: 4006, description: "Where the scheduler serves its health and metrics" }),
  HOST: Host("0.0.0.0"),
  LOG_LEVEL: LogLevel,
  ...TracingVariables,
  REDIS_URL: Url(["redis", "rediss"], {
    description: "Where the schedules live (BullMQ), shared by every replica so each slot fires once",
  }),
  RABBITMQ_URL: Url(["amqp", "amqps"], {
    description: "Where the scheduler publishes `digest.due` and `uploads.check-due`",
  }),
  DIGEST_SLOT_PATTERN: CronPattern(
    DEFAULT_DIGEST_SLOT_PATTERN,
    "When digests may be due, as a cron pattern: every 15 minutes covers every time zone's 09:00",
  ),
  UPLOAD_CHECK_PATTERN: CronPattern(
    DEFAULT_UPLOAD_CHECK_PATTERN,
    "When catalog checks followed channels for new uploads, as a cron pattern",
  ),
  // UTC keeps the digest slots on UTC quarter hours, free of daylight saving.
  SCHEDULE_TIME_ZONE: Type.Refine(
    Type.String({ default: "UTC", description: "The IANA time zone both patterns are read in" }),
    isTimeZone,
    () => 'must be an IANA time zone, such as "UTC" or "Europe/Berlin"',
  ),
});

/** What the scheduler needs, however it was configured (its own process or the embedded product). */
export interface SchedulerSettings {
  /** When digests may be due (default every 15 minutes). */
  digestSlotPattern?: string | undefined;
  /** When channels are checked for uploads (default hourly). */
  uploadCheckPattern?: string | undefined;
  /** The zone both patterns are read in (default UTC). */
  timeZone?: string | undefined;
}

export function schedulerSettingsFrom(env: Static<typeof SchedulerEnvironment>): SchedulerSettings {
  return {
    digestSlotPattern: env.DIGEST_SLOT_PATTERN,
    uploadCheckPattern: env.UPLOAD_CHECK_PATTERN,
    timeZone: env.SCHEDULE_TIME_ZONE,
  };
}
