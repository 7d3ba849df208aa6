import { describe, expect, it } from "vitest";
import { digestOfChannels } from "./digest-of-channels.ts";

const video = (id: string, summaryMarkdown: string) => ({
  title: `Video ${id}\nwith a line break`,
  url: `https://www.youtube.com/watch?v=${id}`,
  publishedAt: "2026-11-22T18:00:00.000Z",
  summaryMarkdown,
});

describe("a stored newsletter as a digest", () => {
  it("keeps titles as text, dates, and reads each summary", () => {
    const digest = digestOfChannels(
      [{ title: "Pocket *Orbit*", videos: [video("orbit000001", "- **One point**\n\nThe paragraph.")] }],
      "Week of 23 November 2026",
    );
    expect(digest.title).toBe("Week of 23 November 2026");
    expect(digest.channels[0]?.title).toBe("Pocket *Orbit*");
    expect(digest.channels[0]?.videos[0]).toMatchObject({
      title: "Video orbit000001 with a line break",
      publishedAt: "2026-11-22T18:00:00.000Z",
      keyPoints: [{ text: [{ kind: "text", text: "One point" }], moment: null }],
      paragraphs: [{ note: false, text: [{ kind: "text", text: "The paragraph." }] }],
    });
  });

  it("says no key point twice within a channel, however it is cased or punctuated, but may across channels", () => {
    const digest = digestOfChannels(
      [
        {
          title: "A",
          videos: [
            video("aaaaaaaaaa1", "- **Rockets carry oxidiser.**\n- **Engines are loud**"),
            video("aaaaaaaaaa2", "- **rockets  carry oxidiser**\n- **Something new**"),
          ],
        },
        { title: "B", videos: [video("bbbbbbbbbb1", "- **Rockets carry oxidiser.**")] },
      ],
      null,
    );
    const points = digest.channels.map((channel) =>
      channel.videos.map((v) => v.keyPoints.map((point) => point.text[0]?.text)),
    );
    expect(points).toEqual([
      [["Rockets carry oxidiser.", "Engines are loud"], ["Something new"]],
      [["Rockets carry oxidiser."]],
    ]);
  });

  it("drops a link that is not http(s)", () => {
    const digest = digestOfChannels(
      [{ title: "A", videos: [{ ...video("x", ""), url: "javascript:alert(1)" }] }],
      null,
    );
    expect(digest.channels[0]?.videos[0]).toMatchObject({ url: null, thumbnail: null });
  });
});
