import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractiveGlance } from "./extractive-glance-writer.ts";
import { groundedGlance } from "./grounded-glance.ts";
import { glanceVideo as video } from "./test-glance-video.ts";

/** A rocket channel's week and a cooking channel's, whose titles share words and templates and nothing else. */
const titlesAlike = [
  video("v1", "Pocket Orbit", "Five mistakes every new rocket builder makes", [
    "Most first engines crack at the throat because the chamber runs too hot.",
    "A launch rail that flexes sends the rocket off at an angle.",
  ]),
  video("v2", "Pocket Orbit", "I spent a month building a launch tower", [
    "The tower is welded from square steel tube.",
    "Guy wires keep it upright in wind.",
  ]),
  video("v3", "Copper Pan Kitchen", "Five mistakes with cast iron", [
    "Soap does not strip seasoning; soaking does.",
    "The biggest mistake is storing the pan wet.",
  ]),
  video("v4", "Copper Pan Kitchen", "I spent a month eating only sourdough", [
    "A starter needs feeding twice a day in summer.",
    "Salt slows the rise of the dough.",
  ]),
];

describe("the embedded writer of the week at a glance", () => {
  it("never joins videos whose titles share words (“Five mistakes”, “month”) but whose summaries do not", () => {
    const lines = extractiveGlance(titlesAlike);
    for (const line of lines) {
      const channels = new Set(line.refs.map((ref) => titlesAlike.find((v) => v.ref === ref)?.channel));
      expect(channels.size, line.text).toBe(1);
      expect(line.text).not.toMatch(/both covered|came up/);
    }
    expect(lines).toEqual([
      {
        text: "Pocket Orbit posted “Five mistakes every new rocket builder makes” and 1 more video.",
        refs: ["v1"],
      },
      { text: "Copper Pan Kitchen posted “Five mistakes with cast iron” and 1 more video.", refs: ["v3"] },
    ]);
  });

  it("never joins two channels on a single word, which may mean one thing on each", () => {
    const titleOnly = extractiveGlance([
      video("v1", "Pocket Orbit", "Artemis, the rocket", ["The core stage burns for eight minutes."]),
      video("v2", "Field Notes", "Artemis the moth", ["The moth flies only at dusk."]),
    ]);
    expect(titleOnly.every((line) => line.refs.length === 1)).toBe(true);
    const everywhere = extractiveGlance([
      video("v1", "Cadence Hills", "Wheel truing at home", ["A wheel out of true rubs the brake pads."]),
      video("v2", "Wet Clay", "Wheel throwing", ["Centre the clay before the wheel speeds up."]),
    ]);
    expect(everywhere.every((line) => line.refs.length === 1)).toBe(true);
  });

  it("joins two channels whose titles differ but whose key points explain the same thing", () => {
    const videos = [
      video("v1", "Pocket Orbit", "Why the Raptor engine does not melt", [
        "Regenerative cooling runs the fuel through channels in the nozzle wall before it burns.",
        "The chamber reaches 3,500 °C.",
      ]),
      video("v2", "Copper Pan Kitchen", "What a pressure cooker shares with a rocket", [
        "The idea behind regenerative cooling: the cold stream carries heat away from the hot wall.",
        "A pressure cooker raises the boiling point of water.",
      ]),
      video("v3", "Copper Pan Kitchen", "Knife skills", ["Curl your fingers under the blade."]),
    ];
    const lines = extractiveGlance(videos);
    expect(lines[0]).toEqual({
      text: "Pocket Orbit and Copper Pan Kitchen both covered “regenerative cooling”.",
      refs: ["v1", "v2"],
    });
    expect(groundedGlance(lines, videos)).toHaveLength(lines.length);
  });

  it("says of a one-channel week only what its videos share, never a key point again", () => {
    const week = [
      video("v1", "Copper Pan", "Knife skills", [
        "Hold the knife by its bolster for control.",
        "Curl your fingers under the blade.",
        "Hone the edge weekly on a honing steel.",
      ]),
      video("v2", "Copper Pan", "Sharpening at home", [
        "A whetstone soaked for ten minutes cuts faster.",
        "A honing steel realigns the edge between sharpenings.",
      ]),
    ];
    const lines = extractiveGlance(week);
    expect(lines).toEqual([
      { text: "“honing steel” came up in 2 videos from Copper Pan.", refs: ["v1", "v2"] },
    ]);
    for (const line of lines) {
      for (const point of week.flatMap((v) => v.keyPoints)) expect(line.text).not.toContain(point);
    }
  });

  it("has no glance for a one-channel week whose videos share nothing", () => {
    expect(
      extractiveGlance([
        video("v1", "Copper Pan", "Knife skills", ["Hold the knife by its bolster.", "Curl your fingers."]),
        video("v2", "Copper Pan", "Five mistakes with rice", ["Rinse the rice until the water runs clear."]),
      ]),
    ).toEqual([]);
    expect(extractiveGlance([video("v1", "Copper Pan", "Knife skills", ["Curl your fingers."])])).toEqual([]);
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
      "five",
      "mistakes",
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
        if (new Set(videos.map((v) => v.channel)).size === 1) {
          for (const line of lines) expect(line.text).not.toMatch(/posted/);
        }
      }),
    );
  });
});

describe("the embedded writer of the week at a glance, for a reader's focus", () => {
  const week = [
    video("v1", "Pocket Orbit", "Cooling a rocket engine", [
      "Regenerative cooling runs the fuel through channels in the nozzle wall before it burns.",
    ]),
    video("v2", "Copper Pan Kitchen", "What a pressure cooker shares with a rocket", [
      "The idea behind regenerative cooling: the cold stream carries heat away from the hot wall.",
    ]),
    video("v3", "Copper Pan Kitchen", "Bread at home", ["A sourdough starter needs feeding twice a day."]),
    video("v4", "Copper Pan Kitchen", "Bread in summer", ["A sourdough starter rises faster in the heat."]),
  ];

  it("leads with the lines holding the focus's words", () => {
    const plain = extractiveGlance(week).map((line) => line.text);
    expect(plain[0]).toContain("regenerative cooling");
    const focused = extractiveGlance(week, "sourdough baking").map((line) => line.text);
    expect(focused[0]).toContain("sourdough starter");
    expect(new Set(focused)).toEqual(new Set(plain));
  });

  it("leaves out what the focus asks to skip", () => {
    const lines = extractiveGlance(week, "bread, not cooling").map((line) => line.text);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toMatch(/cooling/i);
  });
});
