import { ConfigError, loadConfig } from "@tubedigest/config";
import { describe, expect, it } from "vitest";
import { SchedulerEnvironment, schedulerSettingsFrom } from "./config.ts";

const required = { REDIS_URL: "redis://127.0.0.1:6379", RABBITMQ_URL: "amqp://guest:guest@127.0.0.1:5672" };

describe("the scheduler's environment", () => {
  it("fires digest slots every 15 minutes and upload checks hourly, in UTC, by default", () => {
    const env = loadConfig(SchedulerEnvironment, required);
    expect(env.PORT).toBe(4006);
    expect(schedulerSettingsFrom(env)).toEqual({
      digestSlotPattern: "*/15 * * * *",
      uploadCheckPattern: "0 * * * *",
      timeZone: "UTC",
    });
  });

  it("refuses a pattern or a zone it could not read, and one without Redis", () => {
    expect(() =>
      loadConfig(SchedulerEnvironment, { ...required, DIGEST_SLOT_PATTERN: "every 15 minutes" }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig(SchedulerEnvironment, { ...required, SCHEDULE_TIME_ZONE: "Mars/Olympus" }),
    ).toThrow(/SCHEDULE_TIME_ZONE/);
    expect(() => loadConfig(SchedulerEnvironment, { RABBITMQ_URL: required.RABBITMQ_URL })).toThrow(
      /REDIS_URL/,
    );
  });
});
