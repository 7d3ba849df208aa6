import { describe, expect, it } from "vitest";
import { digestOfChannels } from "./digest-of-channels.ts";
import { readDigestMarkdown } from "./read-digest-markdown.ts";

const orbit = "https://www.youtube.com/watch?v=orbit000001";
const pan = "https://www.youtube.com/watch?v=pan00000001";

describe("the week at a glance", () => {
  it("is the list under the week's heading, each line with the videos it cites", () => {
    const digest = readDigestMarkdown(
      [
        "# Week of 23 November 2026",
        `- Both Pocket Orbit and Copper Pan covered the eclipse\\. ([Eclipse \\[live\\]](${orbit}); [Cooking in the dark](${pan}))`,
        `- A line with no citation is left out`,
        `- Pocket Orbit posted two videos\\. ([Eclipse](${orbit}))`,
        "Any other text before the first channel is no part of it.",
        "## Pocket Orbit",
        `### [Eclipse](${orbit})`,
        "- **A point**",
      ].join("\n\n"),
    );
    expect(digest.glance).toEqual([
      {
        text: [{ kind: "text", text: "Both Pocket Orbit and Copper Pan covered the eclipse." }],
        sources: [
          { title: "Eclipse [live]", url: orbit },
          { title: "Cooking in the dark", url: pan },
        ],
      },
      {
        text: [{ kind: "text", text: "Pocket Orbit posted two videos." }],
        sources: [{ title: "Eclipse", url: orbit }],
      },
    ]);
    expect(digest.channels[0]?.videos[0]?.keyPoints).toHaveLength(1);
  });

  it("is empty for a newsletter written before it, and a key point list is never taken for it", () => {
    const digest = readDigestMarkdown(
      `# Week\n\n## Channel\n\n### [Video](${orbit})\n\n- A point ([1:00](${orbit}))`,
    );
    expect(digest.glance).toEqual([]);
  });

  it("of a stored newsletter cites only the newsletter's own videos, and drops a line left citing none", () => {
    const channels = [
      {
        title: "Pocket Orbit",
        videos: [
          { title: "Eclipse", url: orbit, publishedAt: "2026-11-22T18:00:00.000Z", summaryMarkdown: "" },
        ],
      },
    ];
    const digest = digestOfChannels(channels, "Week of 23 November 2026", [
      { text: "Pocket Orbit and Copper Pan both covered the eclipse.", videoUrls: [orbit, pan, orbit] },
      { text: "Unsupported.", videoUrls: ["https://www.youtube.com/watch?v=elsewhere01"] },
      { text: "  ", videoUrls: [orbit] },
    ]);
    expect(digest.glance).toEqual([
      {
        text: [{ kind: "text", text: "Pocket Orbit and Copper Pan both covered the eclipse." }],
        sources: [{ title: "Eclipse", url: orbit }],
      },
    ]);
    expect(digestOfChannels(channels, null).glance).toEqual([]);
  });
});
