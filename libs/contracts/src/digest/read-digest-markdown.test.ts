import { describe, expect, it } from "vitest";
import { readDigestMarkdown } from "./read-digest-markdown.ts";

const watch = "https://www.youtube.com/watch?v=UBZkHdEg7-z";

// As the summariser writes a newsletter: outside text escaped, key points in bold with their moment.
const newsletter = [
  "# Week of 23 November 2026",
  "## Pocket Orbit",
  `### [Rocket engines\\: a \\*beginner's\\* guide](${watch})`,
  `- **A rocket carries its own oxidiser\\.** ([1:48](${watch}&t=108s))\n- **Nozzles shape the \\_exhaust\\_**`,
  "Liquid engines pump fuel; solids burn all at once.",
  "_Summarised from the video's title and description: it has no captions._",
  "### [Moons](https://www.youtube.com/watch?v=orbit000002)",
  "- A rocket carries its own oxidiser!\n- A **key phrase** inside a point",
  "## Quiet Channel",
  "_No new videos this week. New uploads appear in your newsletter as soon as they are published._",
].join("\n\n");

describe("reading a newsletter's markdown", () => {
  const digest = readDigestMarkdown(newsletter);

  it("finds the week, the channels and their videos with links and thumbnails", () => {
    expect(digest.title).toBe("Week of 23 November 2026");
    expect(digest.channels.map((channel) => channel.title)).toEqual(["Pocket Orbit", "Quiet Channel"]);
    const [rockets, moons] = digest.channels[0]?.videos ?? [];
    expect(rockets).toMatchObject({
      videoId: "UBZkHdEg7-z",
      title: "Rocket engines: a *beginner's* guide",
      url: watch,
      thumbnail: { url: "https://i.ytimg.com/vi/UBZkHdEg7-z/mqdefault.jpg", width: 320, height: 180 },
      publishedAt: null,
    });
    expect(moons?.title).toBe("Moons");
  });

  it("reads key points at normal weight with their moments, and the paragraph and note", () => {
    const rockets = digest.channels[0]?.videos[0];
    expect(rockets?.keyPoints).toEqual([
      {
        text: [{ kind: "text", text: "A rocket carries its own oxidiser." }],
        moment: { label: "1:48", url: `${watch}&t=108s` },
      },
      { text: [{ kind: "text", text: "Nozzles shape the _exhaust_" }], moment: null },
    ]);
    expect(rockets?.paragraphs).toEqual([
      { note: false, text: [{ kind: "text", text: "Liquid engines pump fuel; solids burn all at once." }] },
      {
        note: true,
        text: [
          { kind: "text", text: "Summarised from the video's title and description: it has no captions." },
        ],
      },
    ]);
  });

  it("keeps a key phrase emphasised inside a point, and drops a point the channel already made", () => {
    expect(digest.channels[0]?.videos[1]?.keyPoints).toEqual([
      {
        text: [
          { kind: "text", text: "A " },
          { kind: "strong", text: "key phrase" },
          { kind: "text", text: " inside a point" },
        ],
        moment: null,
      },
    ]);
  });

  it("keeps what a channel says before any video as its note", () => {
    expect(digest.channels[1]).toMatchObject({ videos: [], notes: [{ note: true }] });
  });

  it("never lets a link other than http(s) through, and leaves no markdown in the text", () => {
    const hostile = readDigestMarkdown(
      "## [x](javascript:alert(1))\n\n### [Title](data:text/html,hi)\n\n- **[click](javascript:x)** <b>tag</b>",
    );
    const video = hostile.channels[0]?.videos[0];
    expect(hostile.channels[0]?.title).toBe("x");
    expect(video).toMatchObject({ title: "Title", url: null, videoId: null, thumbnail: null });
    expect(video?.keyPoints[0]?.text).toEqual([
      { kind: "strong", text: "click" },
      { kind: "text", text: " <b>tag</b>" },
    ]);
  });
});
