import { describe, expect, it } from "vitest";
import { seededRandom } from "./seeded-random.ts";

describe("seededRandom", () => {
  it("draws mulberry32's sequence, so a seed means the same on every machine", () => {
    const random = seededRandom(1);
    expect([random(), random(), random()]).toEqual([
      0.6270739405881613, 0.002735721180215478, 0.5274470399599522,
    ]);
  });

  it("draws the same sequence again from the same seed, and another from another", () => {
    const draw = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 20 }, () => random());
    };
    expect(draw(20261123)).toEqual(draw(20261123));
    expect(draw(20261123)).not.toEqual(draw(20261124));
  });

  it("draws from [0, 1), spread over it", () => {
    const random = seededRandom(7);
    const draws = Array.from({ length: 10_000 }, () => random());
    expect(draws.every((draw) => draw >= 0 && draw < 1)).toBe(true);
    const tenths = new Set(draws.map((draw) => Math.floor(draw * 10)));
    expect(tenths.size).toBe(10);
  });
});
