import { describe, expect, it } from "vitest";
import { createDevClock } from "./dev-clock.ts";

describe("the development clock", () => {
  it("tells the time until moved, then the time moved forward, and never goes back", () => {
    const clock = createDevClock();
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1_000);
    const day = 24 * 3_600_000;
    const moved = clock.advance(day);
    expect(Math.abs(moved.getTime() - (Date.now() + day))).toBeLessThan(1_000);
    expect(Math.abs(clock.advance(-5 * day).getTime() - (Date.now() + day))).toBeLessThan(1_000);
    expect(Math.abs(clock.now().getTime() - (Date.now() + day))).toBeLessThan(1_000);
  });
});
