import { describe, expect, it } from "vitest";
import { readySummaryRow } from "../../test/support/summary-row.ts";
import type { SummaryRow } from "../store/summary-repository.ts";
import { glanceVideosOf, type NewsletterVideo, newsletterContent, withGlance } from "./newsletter-content.ts";

function summary(point: string): SummaryRow {
  return readySummaryRow({
    video_id: "x",
    key_points: [{ text: point, startSeconds: 65 }],
    paragraph: `All about ${point}.`,
  });
}

const video = (videoId: string, title: string, publishedAt: string, failed?: string): NewsletterVideo => ({
  videoId,
  title,
  publishedAt: new Date(publishedAt),
  summary: failed ? { failed } : summary(title),
});

describe("a newsletter's content", () => {
  const channels = [
    { title: "Copper Pan Kitchen", videos: [video("kitchen0001", "Knife skills", "2026-11-20T10:00:00Z")] },
    {
      title: "Pocket Orbit",
      videos: [
        video("orbit000001", "Rockets", "2026-11-18T10:00:00Z"),
        video("orbit000002", "Moons", "2026-11-22T10:00:00Z"),
        video(
          "orbit000003",
          "Broken",
          "2026-11-21T10:00:00Z",
          "The model kept answering in the wrong shape.",
        ),
      ],
    },
    { title: "Quiet Channel", videos: [] },
    ...["Alpha", "Beta", "Gamma"].map((title, index) => ({
      title,
      videos: [video(`other000${index}0`, `${title} news`, `2026-11-1${index}T10:00:00Z`)],
    })),
  ];

  it("orders channels by their newest video and videos newest first, and mails only the summarised", () => {
    const newsletter = newsletterContent("2026-11-23", channels);
    expect(newsletter.channels.map((channel) => channel.title)).toEqual([
      "Pocket Orbit",
      "Copper Pan Kitchen",
      "Gamma",
      "Beta",
      "Alpha",
    ]);
    expect(newsletter.channels[0]?.videos.map((v) => v.title)).toEqual(["Moons", "Rockets"]);
    expect(newsletter.channels[0]?.videos[0]).toEqual({
      title: "Moons",
      url: "https://www.youtube.com/watch?v=orbit000002",
      publishedAt: "2026-11-22T10:00:00.000Z",
      summaryMarkdown: expect.stringContaining("- **Moons** ([1:05]("),
    });
  });

  it("names the week and the top channels in the subject", () => {
    expect(newsletterContent("2026-11-23", channels).subject).toBe(
      "Your week of 23 November: Pocket Orbit, Copper Pan Kitchen and 3 more",
    );
    expect(newsletterContent("2026-11-23", channels.slice(0, 2)).subject).toBe(
      "Your week of 23 November: Pocket Orbit and Copper Pan Kitchen",
    );
    expect(newsletterContent("2026-11-30", channels.slice(0, 1)).subject).toBe(
      "Your week of 30 November: Copper Pan Kitchen",
    );
    const long = [{ title: "A".repeat(200), videos: channels[0]?.videos ?? [] }];
    expect(newsletterContent("2026-11-23", long).subject.length).toBeLessThan(100);
  });

  it("is markdown of the whole newsletter: a heading per channel, linked titles, summaries, failures noted", () => {
    const { content } = newsletterContent("2026-11-23", channels);
    expect(content.startsWith("# Week of 23 November 2026\n\n## Pocket Orbit\n\n")).toBe(true);
    expect(content).toContain("### [Moons](https://www.youtube.com/watch?v=orbit000002)\n\n- **Moons**");
    expect(content).toContain("All about Moons.");
    expect(content).toContain(
      "### [Broken](https://www.youtube.com/watch?v=orbit000003)\n\n_This video could not be summarised: The model kept answering in the wrong shape._",
    );
    expect(content).not.toContain("Quiet Channel");
    expect(content.indexOf("## Pocket Orbit")).toBeLessThan(content.indexOf("## Copper Pan Kitchen"));
  });

  it("escapes titles, so a channel cannot add a link or a heading", () => {
    const { content, subject } = newsletterContent("2026-11-23", [
      {
        title: "[Click](https://evil.invalid)",
        videos: [video("evil0000001", "# Boom", "2026-11-20T10:00:00Z")],
      },
    ]);
    expect(content).toContain("## \\[Click\\](https://evil.invalid)");
    expect(content).toContain("### [\\# Boom]");
    expect(subject).toBe("Your week of 23 November: [Click](https://evil.invalid)");
  });

  it("opens with no glance, and leaves out of what is mailed a channel whose every video failed", () => {
    const newsletter = newsletterContent("2026-11-23", [
      {
        title: "All Failed",
        videos: [video("failed00001", "Gone", "2026-11-22T10:00:00Z", "No transcript and no description.")],
      },
      channels[0] ?? { title: "", videos: [] },
    ]);
    expect(newsletter.glance).toEqual([]);
    expect(newsletter.channels.map((channel) => channel.title)).toEqual(["Copper Pan Kitchen"]);
    expect(newsletter.subject).toBe("Your week of 23 November: Copper Pan Kitchen");
    // The history still names the failure under its channel.
    expect(newsletter.content).toContain("## All Failed");
  });

  it("cuts titles to 500 characters and a summary to 20,000, the event's limits", () => {
    const long = newsletterContent("2026-11-23", [
      {
        title: "C".repeat(600),
        videos: [
          {
            videoId: "longtitle01",
            title: "V".repeat(600),
            publishedAt: new Date("2026-11-20T10:00:00Z"),
            summary: readySummaryRow({
              key_points: [{ text: "point", startSeconds: 5 }],
              paragraph: "p".repeat(25_000),
            }),
          },
        ],
      },
    ]);
    const [channel] = long.channels;
    expect(channel?.title).toBe("C".repeat(500));
    expect(channel?.videos[0]?.title).toBe("V".repeat(500));
    expect(channel?.videos[0]?.summaryMarkdown).toHaveLength(20_000);
    expect(channel?.videos[0]?.summaryMarkdown.startsWith("- **point**")).toBe(true);
  });
});

describe("the week at a glance in a newsletter", () => {
  const draft = newsletterContent("2026-11-23", [
    { title: "Copper Pan Kitchen", videos: [video("kitchen0001", "Knife skills", "2026-11-20T10:00:00Z")] },
    {
      title: "Pocket Orbit",
      videos: [
        video("orbit000001", "Rockets", "2026-11-18T10:00:00Z"),
        video("orbit000002", "Moons", "2026-11-22T10:00:00Z"),
      ],
    },
  ]);

  it("is written from the mailed videos in the newsletter's order, each with a reference and its key points", () => {
    expect(glanceVideosOf(draft.channels)).toEqual([
      {
        channel: "Pocket Orbit",
        title: "Moons",
        url: "https://www.youtube.com/watch?v=orbit000002",
        ref: "v1",
        keyPoints: ["Moons"],
      },
      {
        channel: "Pocket Orbit",
        title: "Rockets",
        url: "https://www.youtube.com/watch?v=orbit000001",
        ref: "v2",
        keyPoints: ["Rockets"],
      },
      {
        channel: "Copper Pan Kitchen",
        title: "Knife skills",
        url: "https://www.youtube.com/watch?v=kitchen0001",
        ref: "v3",
        keyPoints: ["Knife skills"],
      },
    ]);
  });

  it("goes under the week's heading, citing videos by title, and is stored with the newsletter", () => {
    const glance = [
      { text: "Two moons and a rocket.", videoUrls: ["https://www.youtube.com/watch?v=orbit000002"] },
      {
        text: "Sharp tools, far moons.",
        videoUrls: [
          "https://www.youtube.com/watch?v=kitchen0001",
          "https://www.youtube.com/watch?v=orbit000002",
        ],
      },
    ];
    const newsletter = withGlance(draft, glance);
    expect(newsletter.glance).toEqual(glance);
    expect(newsletter.content).toBe(
      draft.content.replace(
        "# Week of 23 November 2026\n\n",
        "# Week of 23 November 2026\n\n- Two moons and a rocket. ([Moons](https://www.youtube.com/watch?v=orbit000002))\n" +
          "- Sharp tools, far moons. ([Knife skills](https://www.youtube.com/watch?v=kitchen0001); [Moons](https://www.youtube.com/watch?v=orbit000002))\n\n",
      ),
    );
    expect(newsletter.channels).toBe(draft.channels);
    expect(newsletter.subject).toBe(draft.subject);
  });

  it("leaves the newsletter as it was when there is no glance", () => {
    expect(withGlance(draft, [])).toBe(draft);
  });
});
