import { describe, expect, it } from "vitest";
import { isTimeZone } from "./time-zone.ts";

describe("isTimeZone", () => {
  it.each([
    "UTC",
    "Europe/Berlin",
    "America/New_York",
    "Asia/Kolkata",
    "America/Argentina/Buenos_Aires",
    "Etc/GMT+5",
  ])("accepts %s", (zone) => expect(isTimeZone(zone)).toBe(true));

  it.each([
    "",
    "Mars/Olympus",
    "+05:00",
    "Europe/Berlin\u0000",
    "../etc/passwd",
    "Europe//Berlin",
    "x".repeat(65),
  ])("refuses %j", (zone) => expect(isTimeZone(zone)).toBe(false));
});
