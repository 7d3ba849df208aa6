import { describe, expect, it } from "vitest";
import { durationSeconds, isShort } from "./video-kind.ts";

describe("durationSeconds", () => {
  it.each([
    ["PT4M13S", 253],
    ["PT1H2M3S", 3723],
    ["PT45S", 45],
    ["PT2H", 7200],
    ["P1DT1S", 86_401],
    ["P0D", 0],
    ["PT0S", 0],
  ])("reads %s as %i seconds", (iso, seconds) => {
    expect(durationSeconds(iso)).toBe(seconds);
  });

  it.each([null, "", "P", "PT", "4:13", "PT4X"])("gives up on %j", (iso) => {
    expect(durationSeconds(iso)).toBeNull();
  });
});

describe("isShort", () => {
  const video = (seconds: number | null, title = "A video", tags: string[] = []) => ({
    durationSeconds: seconds,
    title,
    description: "",
    tags,
  });

  it("flags a video of at most 60 seconds", () => {
    expect(isShort(video(60))).toBe(true);
    expect(isShort(video(61))).toBe(false);
  });

  it("flags up to 180 seconds when the video says #shorts", () => {
    expect(isShort(video(170, "Quick tip #Shorts"))).toBe(true);
    expect(isShort(video(170, "Quick tip", ["shorts"]))).toBe(true);
    expect(isShort(video(181, "Quick tip #shorts"))).toBe(false);
    expect(isShort(video(180, "Quick tip #shorts"))).toBe(true);
  });

  it.each([
    [["#Shorts"], true],
    [[" short "], true],
    [["#short"], true],
    [["shorts", "cooking"], true],
    [["shortsfood"], false],
    [["my shorts"], false],
    [["#shortstack"], false],
    [["cooking"], false],
  ])("reads the tags %j as %s a Short mark", (tags, short) => {
    expect(isShort(video(120, "A video", tags))).toBe(short);
  });

  it("never flags a stream without a duration", () => {
    expect(isShort(video(0))).toBe(false);
    expect(isShort(video(null, "#shorts"))).toBe(false);
  });
});
