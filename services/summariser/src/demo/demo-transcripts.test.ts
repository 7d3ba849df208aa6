import { describe, expect, it } from "vitest";
import demoCatalog from "../../../catalog/src/demo/demo-catalog.json" with { type: "json" };
import demoTopics from "./demo-topics.json" with { type: "json" };
import { createDemoTranscriptSource } from "./demo-transcripts.ts";

const facts = demoTopics.topics as Record<string, string[]>;
const channels = demoCatalog.channels.map((channel) => ({
  ...channel,
  topics: (/: (.+?)\. /.exec(channel.description)?.[1] ?? "").split(", "),
}));
const videos = channels.flatMap((channel) => channel.videos.map((video) => ({ ...video, channel })));
const recorded = videos.filter((video) => video.live === "none");
const streams = videos.filter((video) => video.live !== "none");

function seconds(duration: string): number {
  const match = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(duration) ?? [];
  const [hours = 0, minutes = 0, secs = 0] = match.slice(1).map((part) => Number(part ?? 0));
  return hours * 3600 + minutes * 60 + secs;
}

describe("demo transcripts", () => {
  const source = createDemoTranscriptSource();

  it("has facts for every topic the demo channels name, and none for topics they do not", () => {
    const named = channels.flatMap((channel) => channel.topics);
    expect(named).toHaveLength(channels.length * 3);
    for (const topic of named) {
      expect(new Set(facts[topic]).size, topic).toBeGreaterThanOrEqual(8);
    }
    expect(Object.keys(facts).sort()).toEqual([...new Set(named)].sort());
  });

  it("gives every recorded demo video timed English lines across its length", async () => {
    expect(recorded.length).toBeGreaterThan(200);
    for (const video of recorded) {
      const transcript = await source.fetch({ videoId: video.id });
      expect(transcript, video.title).not.toBeNull();
      expect(transcript?.language).toBe("en");
      expect(transcript?.kind).toBe("demo");
      const segments = transcript?.segments ?? [];
      expect(segments.length, video.title).toBeGreaterThanOrEqual(6);
      const times = segments.map((segment) => segment.startSeconds);
      expect(times[0]).toBe(0);
      times.slice(1).forEach((time, index) => {
        expect(time, video.title).toBeGreaterThan(times[index] ?? 0);
      });
      expect(times.at(-1), video.title).toBeLessThan(seconds(video.duration));
      // Long videos are not over in their first minutes.
      expect(times.at(-1), video.title).toBeGreaterThan(seconds(video.duration) * 0.8);
      expect(segments.every((segment) => segment.text.trim().length > 0)).toBe(true);
    }
  });

  it("says facts about the topic in the video's title", async () => {
    for (const video of recorded) {
      const topic = video.channel.topics.find((name) => video.title.toLowerCase().includes(name)) ?? "";
      const transcript = await source.fetch({ videoId: video.id });
      const said = transcript?.segments.map((segment) => segment.text).join(" ") ?? "";
      const topicFacts = facts[topic] ?? [];
      const saidFacts = topicFacts.filter((fact) => said.includes(fact));
      expect(saidFacts.length, video.title).toBeGreaterThanOrEqual(4);
      const otherFacts = Object.entries(facts)
        .filter(([name]) => name !== topic)
        .flatMap(([, sentences]) => sentences);
      expect(
        otherFacts.some((fact) => said.includes(fact)),
        video.title,
      ).toBe(false);
    }
  });

  it("has no captions for live streams, premieres or videos outside the catalog", async () => {
    expect(streams.length).toBeGreaterThan(0);
    for (const video of streams) expect(await source.fetch({ videoId: video.id })).toBeNull();
    expect(await source.fetch({ videoId: "dQw4w9WgXcQ" })).toBeNull();
  });

  it("answers the same captions every time", async () => {
    const [first] = recorded;
    const again = createDemoTranscriptSource();
    expect(await again.fetch({ videoId: first?.id ?? "" })).toEqual(
      await source.fetch({ videoId: first?.id ?? "" }),
    );
  });
});
