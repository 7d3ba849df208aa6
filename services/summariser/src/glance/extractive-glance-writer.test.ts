import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractiveGlance } from "./extractive-glance-writer.ts";
import type { GlanceVideo } from "./glance-writer.ts";
import { groundedGlance } from "./grounded-glance.ts";

const video = (ref: string, channel: string, title: string, keyPoints: string[] = []): GlanceVideo => ({
  ref,
  channel,
  title,
  url: `https://www.youtube.com/watch?v=${ref.padEnd(11, "x")}`,
  keyPoints,
});

describe("the embedded writer of the week at a glance", () => {
  it("names both channels of a story they both covered, and the week's theme", () => {
    const lines = extractiveGlance([
      video("v1", "Pocket Orbit", "The Artemis launch, explained", ["The rocket stands 98 metres tall."]),
      video("v2", "Pocket Orbit", "Moons of Jupiter"),
      video("v3", "Field Notes", "Birds and the Artemis launch"),
      video("v4", "Field Notes", "Moons and tides for birdwatchers"),
    ]);
    expect(lines[0]).toEqual({
      text: "Pocket Orbit and Field Notes both covered “Artemis launch”.",
      refs: ["v1", "v3"],
    });
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.length).toBeLessThanOrEqual(5);
  });

  it("makes three lines of a short week from its key points", () => {
    const one = video("v1", "Copper Pan", "Knife skills", [
      "Hold the knife by its bolster.",
      "Curl your fingers.",
      "Hone weekly.",
    ]);
    expect(extractiveGlance([one])).toEqual([
      { text: "Copper Pan posted “Knife skills”.", refs: ["v1"] },
      { text: "Copper Pan: Hold the knife by its bolster.", refs: ["v1"] },
      { text: "Copper Pan: Curl your fingers.", refs: ["v1"] },
    ]);
  });

  it("writes only lines that rest on the digest, whatever the videos say", () => {
    const words = fc.constantFrom(
      "eclipse",
      "solar",
      "bread",
      "sourdough",
      "orbit",
      "the",
      "a",
      "Launch",
      "moon",
    );
    const text = fc.array(words, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(" "));
    const digest = fc.array(
      fc.record({
        channel: fc.constantFrom("A", "B", "C"),
        title: text,
        keyPoints: fc.array(text, { maxLength: 3 }),
      }),
      { minLength: 1, maxLength: 8 },
    );
    fc.assert(
      fc.property(digest, (drafted) => {
        const videos = drafted.map((entry, index) =>
          video(`v${index + 1}`, entry.channel, entry.title, entry.keyPoints),
        );
        const lines = extractiveGlance(videos);
        expect(lines.length).toBeLessThanOrEqual(5);
        expect(groundedGlance(lines, videos)).toHaveLength(lines.length);
      }),
    );
  });
});

describe("the lines kept from a writer's proposal", () => {
  const videos = [video("v1", "Pocket Orbit", "Eclipse"), video("v2", "Copper Pan", "Cooking in the dark")];

  it("cite only the digest's videos, name both channels of a shared story, and are said once", () => {
    expect(
      groundedGlance(
        [
          { text: "Pocket Orbit and Copper Pan both had the eclipse.", refs: ["v1", "v2", "v1"] },
          { text: "A claim resting on nothing.", refs: [] },
          { text: "A claim resting on another week.", refs: ["v9"] },
          { text: "Both channels had the eclipse.", refs: ["v1", "v2"] },
          { text: "pocket orbit AND copper pan both had the eclipse.", refs: ["v1", "v2"] },
          { text: "x".repeat(281), refs: ["v1"] },
          { text: "Pocket Orbit had an eclipse.", refs: ["v1", "v9"] },
        ],
        videos,
      ),
    ).toEqual([
      {
        text: "Pocket Orbit and Copper Pan both had the eclipse.",
        videoUrls: [videos[0]?.url, videos[1]?.url],
      },
      { text: "Pocket Orbit had an eclipse.", videoUrls: [videos[0]?.url] },
    ]);
  });
});
