import { describe, expect, it } from "vitest";
import { currentZoneName, matchingTimeZones, timeZoneChoices, utcOffset } from "./time-zones.ts";

const WINTER = new Date("2026-01-15T12:00:00Z");
const SUMMER = new Date("2026-07-15T12:00:00Z");

describe("utcOffset", () => {
  it("says the zone's offset at the moment, summer time included", () => {
    expect(utcOffset("Europe/Berlin", WINTER)).toBe("UTC+01:00");
    expect(utcOffset("Europe/Berlin", SUMMER)).toBe("UTC+02:00");
    expect(utcOffset("America/New_York", WINTER)).toBe("UTC-05:00");
    expect(utcOffset("Asia/Kolkata", WINTER)).toBe("UTC+05:30");
    expect(utcOffset("UTC", WINTER)).toBe("UTC+00:00");
  });
});

describe("timeZoneChoices", () => {
  it("labels each zone with its offset, and offers the browser's zone first", () => {
    const choices = timeZoneChoices("UTC", "Europe/Berlin", WINTER);
    expect(choices[0]).toEqual({
      zone: "Europe/Berlin",
      label: "Europe/Berlin (UTC+01:00)",
      suggested: true,
    });
    expect(choices.filter((choice) => choice.suggested)).toHaveLength(1);
    expect(choices.filter((choice) => choice.zone === "Europe/Berlin")).toHaveLength(1);
    expect(choices.find((choice) => choice.zone === "America/New_York")?.label).toBe(
      "America/New York (UTC-05:00)",
    );
    // Hundreds of zones, the rest by name.
    expect(choices.length).toBeGreaterThan(300);
    const rest = choices.slice(1).map((choice) => choice.zone);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
  });

  it("names zones as IANA does today, whichever spelling the browser or the account holds", () => {
    expect(currentZoneName("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(currentZoneName("Europe/Kiev")).toBe("Europe/Kyiv");
    expect(currentZoneName("Europe/Berlin")).toBe("Europe/Berlin");
    expect(currentZoneName("constructor")).toBe("constructor");
    const choices = timeZoneChoices("Europe/Kiev", "Asia/Calcutta", WINTER);
    expect(choices[0]).toEqual({ zone: "Asia/Kolkata", label: "Asia/Kolkata (UTC+05:30)", suggested: true });
    const zones = choices.map((choice) => choice.zone);
    expect(zones).toContain("Europe/Kyiv");
    expect(zones).not.toContain("Europe/Kiev");
    expect(zones).not.toContain("Asia/Calcutta");
  });

  it("always holds the stored zone, and suggests none the browser does not name", () => {
    const choices = timeZoneChoices("UTC", undefined, WINTER);
    expect(choices.some((choice) => choice.zone === "UTC")).toBe(true);
    expect(choices.some((choice) => choice.suggested)).toBe(false);
    expect(choices[0]?.zone.localeCompare(choices[1]?.zone ?? "")).toBeLessThan(0);
  });
});

describe("matchingTimeZones", () => {
  const choices = timeZoneChoices("UTC", "Asia/Tokyo", WINTER);
  const zones = (typed: string) => matchingTimeZones(choices, typed).map((choice) => choice.zone);

  it("finds a zone by any part of its name, in any case, with spaces for underscores", () => {
    expect(zones("berlin")).toEqual(["Europe/Berlin"]);
    expect(zones("NEW YORK")).toEqual(["America/New_York"]);
    expect(zones("new_york")).toEqual(["America/New_York"]);
    expect(zones("york america")).toEqual(["America/New_York"]);
  });

  it("finds zones by their offset", () => {
    const found = zones("utc+05:30");
    expect(found).toContain("Asia/Kolkata");
    expect(found.every((zone) => utcOffset(zone, WINTER) === "UTC+05:30")).toBe(true);
  });

  it("keeps everything, the suggestion first, for nothing typed; nothing for a name no zone has", () => {
    expect(zones("  ")).toHaveLength(choices.length);
    expect(zones("")[0]).toBe("Asia/Tokyo");
    expect(zones("atlantis")).toEqual([]);
  });
});
