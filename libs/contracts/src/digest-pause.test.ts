import { describe, expect, it } from "vitest";
import {
  dayAfter,
  firstMondayFrom,
  latestPauseDate,
  pauseDateProblem,
  pauseMessages,
  todayIn,
} from "./digest-pause.ts";

describe("the digest pause's date rule", () => {
  it("takes a real date after today and within a year", () => {
    expect(pauseDateProblem("2026-12-02", "2026-12-01")).toBeUndefined();
    expect(pauseDateProblem("2027-12-02", "2026-12-01")).toBeUndefined();
    expect(pauseDateProblem("2027-12-03", "2026-12-01")).toBe(pauseMessages.tooFar);
    expect(pauseDateProblem("2026-12-01", "2026-12-01")).toBe(pauseMessages.notAfterToday);
    expect(pauseDateProblem("2026-11-30", "2026-12-01")).toBe(pauseMessages.notAfterToday);
  });

  it("refuses what is not a calendar date", () => {
    for (const until of ["2027-02-29", "2026-13-01", "2026-12-32", "26-12-01", "2026-12-1", "", "tomorrow"]) {
      expect(pauseDateProblem(until, "2026-12-01"), until).toBe(pauseMessages.notADate);
    }
    expect(pauseDateProblem("2028-02-29", "2027-12-01")).toBeUndefined();
  });

  it("names the Monday that brings the first digest after the pause", () => {
    expect(firstMondayFrom("2026-12-21")).toBe("2026-12-21"); // a Monday
    expect(firstMondayFrom("2026-12-22")).toBe("2026-12-28");
    expect(firstMondayFrom("2026-12-27")).toBe("2026-12-28"); // a Sunday
    expect(firstMondayFrom("2026-12-31")).toBe("2027-01-04");
  });

  it("gives a date picker its bounds, and today in the reader's zone", () => {
    expect(dayAfter("2026-12-31")).toBe("2027-01-01");
    expect(latestPauseDate("2026-12-01")).toBe("2027-12-02");
    const instant = new Date("2026-12-01T23:30:00Z");
    expect(todayIn("UTC", instant)).toBe("2026-12-01");
    expect(todayIn("Europe/Berlin", instant)).toBe("2026-12-02");
    expect(todayIn("America/Los_Angeles", instant)).toBe("2026-12-01");
  });
});
