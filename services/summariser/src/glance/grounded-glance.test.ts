import { describe, expect, it } from "vitest";
import { groundedGlance } from "./grounded-glance.ts";
import { glanceVideo as video } from "./test-glance-video.ts";

describe("the lines kept from a writer's proposal", () => {
  const videos = [
    video("v1", "Pocket Orbit", "Eclipse", ["The solar eclipse darkened the desert at noon."]),
    video("v2", "Copper Pan", "Cooking in the dark", [
      "During the solar eclipse, a head torch lights the hob.",
    ]),
  ];
  const urls = videos.map((v) => v.url);

  it("cite only the digest's videos, name both channels of a shared story, and are said once", () => {
    expect(
      groundedGlance(
        [
          { text: "Pocket Orbit and Copper Pan both had the solar eclipse.", refs: ["v1", "v2", "v1"] },
          { text: "A claim resting on nothing.", refs: [] },
          { text: "A claim resting on another week.", refs: ["v9"] },
          { text: "Both channels had the solar eclipse.", refs: ["v1", "v2"] },
          { text: "pocket orbit AND copper pan both had the solar eclipse.", refs: ["v1", "v2"] },
          { text: "x".repeat(281), refs: ["v1"] },
          { text: "Pocket Orbit had an eclipse.", refs: ["v1", "v9"] },
        ],
        videos,
      ),
    ).toEqual([
      { text: "Pocket Orbit and Copper Pan both had the solar eclipse.", videoUrls: urls },
      { text: "Pocket Orbit had an eclipse.", videoUrls: [urls[0]] },
    ]);
  });

  it("drop a line joining videos on what their summaries do not share", () => {
    const alike = [
      video("v1", "Pocket Orbit", "Five mistakes rocket builders make", ["Engines crack at the throat."]),
      video("v2", "Copper Pan", "Five mistakes with cast iron", ["Never store the pan wet."]),
      video("v3", "Pocket Orbit", "The eclipse from orbit", ["The solar eclipse from the station."]),
    ];
    expect(
      groundedGlance(
        [
          { text: "Pocket Orbit and Copper Pan both covered five mistakes.", refs: ["v1", "v2"] },
          // A word both titles use, but that neither summary is about.
          { text: "Pocket Orbit and Copper Pan both went through their mistakes.", refs: ["v1", "v2"] },
          // The channel's name is no substance, though one title and one summary say "orbit".
          { text: "Pocket Orbit had two videos on orbit.", refs: ["v1", "v3"] },
          { text: "Copper Pan looked at cast iron.", refs: ["v2"] },
        ],
        alike,
      ),
    ).toEqual([{ text: "Copper Pan looked at cast iron.", videoUrls: [alike[1]?.url] }]);
  });

  it("drop a line quoting a key point the digest prints below it, but not one naming a title", () => {
    const week = [
      video("v1", "Copper Pan", "Knife skills", ["Hold the knife by its bolster.", "Curl your fingers."]),
      video("v2", "Copper Pan", "Sourdough starter care", ["Sourdough starter care"]),
    ];
    expect(
      groundedGlance(
        [
          { text: "Copper Pan: Hold the knife by its bolster.", refs: ["v1"] },
          { text: "Copper Pan says to hold the knife by its bolster!", refs: ["v1"] },
          { text: "Copper Pan: curl your fingers.", refs: ["v1"] },
          { text: "Copper Pan posted “Sourdough starter care”.", refs: ["v2"] },
        ],
        week,
      ),
    ).toEqual([{ text: "Copper Pan posted “Sourdough starter care”.", videoUrls: [week[1]?.url] }]);
  });

  it("keep none where none rests on the digest", () => {
    expect(
      groundedGlance([{ text: "Pocket Orbit and Copper Pan both had a week.", refs: ["v1", "v2"] }], videos),
    ).toEqual([]);
  });
});
