import { describe, expect, it } from "vitest";
import demoCatalog from "../../../../catalog/src/demo/demo-catalog.json" with { type: "json" };
import demoTopics from "../../demo/demo-topics.json" with { type: "json" };
import { createDemoTranscriptSource } from "../../demo/demo-transcripts.ts";
import type { Transcript } from "../transcripts/transcript-source.ts";
import { createExtractiveSummaryWriter } from "./extractive-summary-writer.ts";
import type { SummaryInput } from "./summary-writer.ts";

const writer = createExtractiveSummaryWriter();
const demoTranscripts = createDemoTranscriptSource();
const facts = new Set(Object.values(demoTopics.topics as Record<string, string[]>).flat());
const recorded = demoCatalog.channels.flatMap((channel) =>
  channel.videos.filter((video) => video.live === "none"),
);

function seconds(duration: string): number {
  const match = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(duration) ?? [];
  const [hours = 0, minutes = 0, secs = 0] = match.slice(1).map((part) => Number(part ?? 0));
  return hours * 3600 + minutes * 60 + secs;
}

async function demoInput(video: (typeof recorded)[number]): Promise<SummaryInput> {
  return {
    video: {
      videoId: video.id,
      title: video.title,
      description: video.description,
      durationSeconds: seconds(video.duration),
    },
    transcript: await demoTranscripts.fetch({ videoId: video.id }),
  };
}

const longest = [...recorded].sort((a, b) => seconds(b.duration) - seconds(a.duration))[0];
if (!longest) throw new Error("the demo catalog has no recorded videos");

function transcriptOf(lines: [number, string][], language = "en"): Transcript {
  return {
    language,
    kind: "automatic",
    segments: lines.map(([startSeconds, text]) => ({ startSeconds, text })),
  };
}

const video = (overrides: Partial<SummaryInput["video"]> = {}): SummaryInput["video"] => ({
  videoId: "abcdefghijk",
  title: "Sourdough starters from scratch",
  description: "",
  durationSeconds: 600,
  ...overrides,
});

describe("the extractive summary writer", () => {
  it("picks 3 to 5 timed key points in video order and a short paragraph of other sentences", async () => {
    const input = await demoInput(longest);
    const summary = await writer.write(input);
    const times = input.transcript?.segments.map((segment) => segment.startSeconds) ?? [];
    expect(summary.keyPoints.length).toBeGreaterThanOrEqual(3);
    expect(summary.keyPoints.length).toBeLessThanOrEqual(5);
    const pointTimes = summary.keyPoints.map((point) => point.startSeconds);
    for (const time of pointTimes) {
      expect(time).not.toBeNull();
      expect(times).toContain(time);
    }
    expect(pointTimes).toEqual([...pointTimes].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(new Set(pointTimes).size).toBe(pointTimes.length);
    expect(summary.paragraph.length).toBeGreaterThan(80);
    expect(summary.paragraph.length).toBeLessThanOrEqual(400);
    for (const point of summary.keyPoints) expect(summary.paragraph).not.toContain(point.text);
    expect(summary).toMatchObject({
      basis: "transcript",
      language: "en",
      model: "extractive",
      usage: { promptTokens: 0, completionTokens: 0, calls: 0 },
    });
  });

  it("gives each key point the time of the caption line its sentence starts in", async () => {
    const summary = await writer.write({
      video: video(),
      transcript: transcriptOf([
        [0, "Hi everyone, welcome back to the kitchen."],
        [4.5, "A sourdough starter is flour and water that wild yeasts and"],
        [9, "lactic acid bacteria have colonised. Feed the starter flour and water"],
        [14, "every day and discard some of it, and after one or two weeks the starter is ready."],
        [
          21,
          "Rye flour wakes a starter up faster because rye carries more yeasts and bacteria than white flour.",
        ],
        [38, "Thanks for watching, and don't forget to subscribe."],
      ]),
    });
    expect(summary.keyPoints).toEqual([
      {
        text: "A sourdough starter is flour and water that wild yeasts and lactic acid bacteria have colonised.",
        startSeconds: 4.5,
      },
      {
        text: "Feed the starter flour and water every day and discard some of it, and after one or two weeks the starter is ready.",
        startSeconds: 9,
      },
      {
        text: "Rye flour wakes a starter up faster because rye carries more yeasts and bacteria than white flour.",
        startSeconds: 21,
      },
    ]);
  });

  it("takes every key point of every demo video from the facts its transcript says, never its opening or sign-off", async () => {
    for (const demoVideo of recorded) {
      const input = await demoInput(demoVideo);
      const said = input.transcript?.segments.map((segment) => segment.text).join(" ") ?? "";
      const summary = await writer.write(input);
      expect(summary.keyPoints.length, demoVideo.title).toBeGreaterThanOrEqual(3);
      for (const point of summary.keyPoints) {
        expect(facts.has(point.text), `${demoVideo.title}: ${point.text}`).toBe(true);
        expect(said, demoVideo.title).toContain(point.text);
      }
    }
  });

  it("summarises from the description when there is no transcript, with no times", async () => {
    const summary = await writer.write({
      video: video({
        title: "Sourdough starters from scratch",
        description: [
          "Everything you need to start a sourdough starter at home with just flour and water.",
          "We look at why rye flour gets fermentation going faster than white flour",
          "and how to tell when your starter is strong enough to bake with.",
          "",
          "00:00 Intro",
          "Get my bread course: https://example.com/course",
          "#sourdough #baking",
        ].join("\n"),
      }),
      transcript: null,
    });
    expect(summary.basis).toBe("description");
    expect(summary.keyPoints.length).toBeGreaterThanOrEqual(3);
    expect(summary.keyPoints.every((point) => point.startSeconds === null)).toBe(true);
    expect(summary.keyPoints[0]?.text).toBe(
      "Everything you need to start a sourdough starter at home with just flour and water.",
    );
    const written = summary.keyPoints.map((point) => point.text).join(" ");
    expect(written).toContain("rye flour");
    expect(written).not.toMatch(/https?:|#sourdough|00:00/);
    expect(summary.paragraph).toContain("sourdough starter at home");
    expect(summary).toMatchObject({ language: "en", model: "extractive" });
  });

  it("pads a description too short for three points with the title, the length and why, not with inventions", async () => {
    const summary = await writer.write({
      video: video({ title: "Rye breads at home", description: "", durationSeconds: 754 }),
      transcript: null,
    });
    expect(summary.keyPoints.map((point) => point.text)).toEqual([
      "Rye breads at home",
      "The video runs 13 minutes.",
      "No captions were available, so this summary comes from the title and description only.",
    ]);
    expect(summary.paragraph.length).toBeGreaterThan(0);
  });

  it("treats captions of nothing but greetings and calls to subscribe as no transcript", async () => {
    const summary = await writer.write({
      video: video({ description: "How to feed a sourdough starter so it doubles in size every day." }),
      transcript: transcriptOf([
        [0, "Hey guys, welcome back to the channel!"],
        [3, "Smash that like button and subscribe."],
        [6, "Thanks for watching, see you in the next one."],
      ]),
    });
    expect(summary.basis).toBe("description");
    expect(summary.keyPoints[0]).toEqual({
      text: "How to feed a sourdough starter so it doubles in size every day.",
      startSeconds: null,
    });
  });

  it("answers the same summary every time", async () => {
    const input = await demoInput(longest);
    const first = await writer.write(input);
    expect(await writer.write(input)).toEqual(first);
    expect(await createExtractiveSummaryWriter().write(input)).toEqual(first);
  });

  it("survives hostile captions: control characters, one enormous unpunctuated line, broken times", async () => {
    const words = "the starter needs flour water warmth and time before the yeast wakes up ";
    const summary = await writer.write({
      video: video({ title: "\u0000\u0007", description: "\u0000\u202e" }),
      transcript: transcriptOf([
        [Number.NaN, "\u0000\u0001\u001b[31m"],
        [-5, ""],
        [2, `${words.repeat(40_000)}\u0000`],
        [1, "[Music]"],
        [Number.POSITIVE_INFINITY, "\uFEFFand\u200b that is all\u0085 there is"],
      ]),
    });
    expect(summary.keyPoints.length).toBeGreaterThanOrEqual(3);
    expect(summary.keyPoints.length).toBeLessThanOrEqual(5);
    for (const point of summary.keyPoints) {
      expect(point.text.length).toBeLessThanOrEqual(300);
      expect(point.text).not.toMatch(/[\p{Cc}\p{Cf}]/u);
      expect(point.startSeconds === null || point.startSeconds >= 0).toBe(true);
    }
    expect(summary.paragraph.length).toBeLessThanOrEqual(400);
    expect(summary.paragraph).not.toMatch(/[\p{Cc}\p{Cf}]/u);
  });

  it("makes three points of a transcript that is a single sentence", async () => {
    const summary = await writer.write({
      video: video({ title: "Feeding a starter", durationSeconds: 12 }),
      transcript: transcriptOf(
        [[0, "Feed your starter equal weights of flour and water every single day."]],
        "en-GB",
      ),
    });
    expect(summary.basis).toBe("transcript");
    expect(summary.language).toBe("en-GB");
    expect(summary.keyPoints).toEqual([
      { text: "Feed your starter equal weights of flour and water every single day.", startSeconds: 0 },
      { text: "Feeding a starter", startSeconds: null },
      { text: "The video runs 12 seconds.", startSeconds: null },
    ]);
  });

  it("never leads a paragraph or makes a point of a sentence leaning on one it left out", async () => {
    const sauces = demoTopics.topics["pan sauces" as keyof typeof demoTopics.topics] as string[];
    const leaning = /^(That|This|These|Those|It|They|However|But|Then|Also|Such)\b/;
    for (const repeat of [1, 2, 3]) {
      const lines: [number, string][] = sauces
        .flatMap((fact) => Array.from({ length: repeat }, () => fact))
        .map((text, i) => [i * 20, text]);
      const summary = await writer.write({
        video: video({ title: "Pan sauces and deglazing", durationSeconds: lines.length * 20 }),
        transcript: transcriptOf(lines),
      });
      for (const point of summary.keyPoints) expect(point.text).not.toMatch(leaning);
      const sentences = summary.paragraph.split(/(?<=[.!?])\s+/);
      expect(sentences[0]).not.toMatch(leaning);
      for (const [i, sentence] of sentences.entries()) {
        if (!sentence.startsWith("That step is called deglazing")) continue;
        // Brought with what it leans on: the step it names, said just before it.
        expect(sentences[i - 1]).toMatch(/^Pour off most of the fat first/);
      }
    }
  });

  it("gives a long video with chapters a section per chapter, each from its own stretch", async () => {
    const topics = ["pan sauces", "knife skills", "weeknight curries"] as const;
    const facts = topics.map(
      (topic) => demoTopics.topics[topic as keyof typeof demoTopics.topics] as string[],
    );
    const lines: [number, string][] = facts.flatMap((texts, chapter) =>
      texts.map((text, i): [number, string] => [chapter * 1_200 + i * 60, text]),
    );
    const summary = await writer.write({
      video: video({
        title: "Three kitchen lessons",
        durationSeconds: 3_600,
        description: "0:00 Sauces\n20:00 Knives\n40:00 Curry",
      }),
      transcript: transcriptOf(lines),
    });
    expect(summary.sections?.map((section) => [section.title, section.startSeconds])).toEqual([
      ["Sauces", 0],
      ["Knives", 1_200],
      ["Curry", 2_400],
    ]);
    for (const [i, section] of (summary.sections ?? []).entries()) {
      expect(section.keyPoints.length).toBeGreaterThan(0);
      for (const point of section.keyPoints) {
        expect(point.startSeconds).toBeGreaterThanOrEqual(i * 1_200);
        expect(point.startSeconds).toBeLessThan((i + 1) * 1_200);
        expect(facts[i]).toContain(point.text);
      }
    }
    const short = await writer.write({
      video: video({ durationSeconds: 600, description: "0:00 Sauces\n3:00 Knives\n6:00 Curry" }),
      transcript: transcriptOf(lines.filter(([at]) => at < 600)),
    });
    expect(short.sections).toBeUndefined();
  });

  it("reads a six-hour transcript to its end, in parts, never cutting it short", async () => {
    const topics = ["rocket engines", "pan sauces", "dovetail joints"] as const;
    const facts = topics.map(
      (topic) => demoTopics.topics[topic as keyof typeof demoTopics.topics] as string[],
    );
    const starts = [0, 7_200, 18_000];
    const lines: [number, string][] = [];
    for (let at = 0; at < 6 * 3_600; at += 10) {
      const chapter = starts.filter((start) => start <= at).length - 1;
      const said = facts[chapter] ?? [];
      lines.push([at, `${said[(at / 10) % said.length]} ${said[(at / 10 + 1) % said.length]}`]);
    }
    expect(lines.reduce((sum, [, text]) => sum + text.length, 0)).toBeGreaterThan(500_000);
    const summary = await writer.write({
      video: video({
        durationSeconds: 6 * 3_600,
        description: "0:00 Engines\n2:00:00 Sauces\n5:00:00 Joinery",
      }),
      transcript: transcriptOf(lines),
    });
    const last = summary.sections?.at(-1);
    expect(last?.title).toBe("Joinery");
    expect(last?.keyPoints.length).toBeGreaterThan(0);
    for (const point of last?.keyPoints ?? []) expect(point.startSeconds).toBeGreaterThanOrEqual(18_000);
  });
});
