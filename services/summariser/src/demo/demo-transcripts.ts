import demoCatalog from "../../../catalog/src/demo/demo-catalog.json" with { type: "json" };
import type { TranscriptSegment, TranscriptSource } from "../adapters/transcripts/transcript-source.ts";
import demoTopics from "./demo-topics.json" with { type: "json" };

/** The part of catalog's demo/demo-catalog.json a transcript is made from. */
interface DemoCatalogFile {
  channels: {
    title: string;
    description: string;
    videos: { id: string; title: string; duration: string; live: string }[];
  }[];
}

/** What the video's host says before and after the topic's facts, by the catalog's title templates. */
interface VideoFormat {
  title: RegExp;
  opening(topic: string, channel: string): string[];
  closing: string[];
}

const SIGN_OFF = ["That's it for today.", "If this helped, hit subscribe, and I'll see you in the next one."];

const FORMATS: VideoFormat[] = [
  {
    title: /: a beginner's guide$/i,
    opening: (topic, channel) => [
      `Hey everyone, welcome back to ${channel}.`,
      `Today is a beginner's guide to ${topic}, so you don't need any experience, let's get started.`,
    ],
    closing: SIGN_OFF,
  },
  {
    title: /^five mistakes people make with /i,
    opening: (topic) => [
      "Hi everyone.",
      `Today we're looking at five mistakes people make with ${topic}, and most of them come from missing a few basic facts.`,
    ],
    closing: SIGN_OFF,
  },
  {
    title: /#shorts$/i,
    opening: (topic) => [`${capitalised(topic)} in under a minute, let's go.`],
    closing: ["Follow for more."],
  },
  {
    title: /^i spent a month on /i,
    opening: (topic) => [
      "Hello and welcome.",
      `I spent the last month on ${topic}, and here is what I learned.`,
    ],
    closing: SIGN_OFF,
  },
  {
    title: /^the history of /i,
    opening: (topic) => [
      "Welcome back, everyone.",
      `Today we're taking the history of ${topic} slowly, one step at a time.`,
    ],
    closing: SIGN_OFF,
  },
  {
    title: /^answering your questions about /i,
    opening: (topic) => [
      "Hey everyone, welcome back.",
      `You sent in a lot of questions about ${topic}, so today I'm answering as many as I can.`,
    ],
    closing: SIGN_OFF,
  },
];

const ANY_FORMAT: VideoFormat = {
  title: /./,
  opening: (topic) => ["Hi everyone, welcome back.", `Today we're talking about ${topic}.`],
  closing: SIGN_OFF,
};

/** Said halfway through long videos, as hosts do; a summary should leave it out. */
const ASIDE = "Right, let's keep going.";
const LONG_VIDEO_SECONDS = 20 * 60;
const SHORT_VIDEO_SECONDS = 60;
const FACTS_IN_A_SHORT = 4;
/** A relaxed speaking pace (150 words a minute); caption lines of about nine words, as YouTube shows them. */
const WORDS_PER_SECOND = 2.5;
const WORDS_PER_CAPTION = 9;

interface DemoVideo {
  id: string;
  title: string;
  channel: string;
  topic: string;
  durationSeconds: number;
}

/**
 * The demo catalog's captions: every video that is not a live stream or premiere says real facts about
 * its topic (demo-topics.json) between an opening and a sign-off that fit its title, in caption lines
 * spread over its length. Deterministic, so a demo summary is the same on every run.
 */
export function createDemoTranscriptSource(): TranscriptSource {
  const videos = demoVideosById();
  return {
    name: "demo",
    async fetch({ videoId }) {
      const video = videos.get(videoId);
      if (!video) return null;
      return { language: "en", kind: "demo", segments: captionsOf(video) };
    },
  };
}

function demoVideosById(): Map<string, DemoVideo> {
  const topics = demoTopics.topics as Record<string, string[]>;
  const videos = new Map<string, DemoVideo>();
  for (const channel of (demoCatalog as DemoCatalogFile).channels) {
    const channelTopics = topicsNamedIn(channel.description).filter((topic) => topics[topic]);
    for (const video of channel.videos) {
      const durationSeconds = secondsOf(video.duration);
      // Streams that are live or upcoming have said nothing yet.
      if (video.live !== "none" || durationSeconds === 0) continue;
      const topic = channelTopics.find((name) => video.title.toLowerCase().includes(name));
      if (topic) videos.set(video.id, { ...video, channel: channel.title, topic, durationSeconds });
    }
  }
  return videos;
}

/** "Demo channel about science: rocket engines, tiny satellites, orbital mechanics. Invented for ..." */
function topicsNamedIn(channelDescription: string): string[] {
  const list = channelDescription.split(": ")[1]?.split(". ")[0] ?? "";
  return list.split(", ").map((topic) => topic.trim().toLowerCase());
}

function captionsOf(video: DemoVideo): TranscriptSegment[] {
  const format = FORMATS.find((candidate) => candidate.title.test(video.title)) ?? ANY_FORMAT;
  const facts = factsFor(video, hashOf(video.id));
  const half = Math.ceil(facts.length / 2);
  const middle =
    video.durationSeconds >= LONG_VIDEO_SECONDS
      ? [...facts.slice(0, half), ASIDE, ...facts.slice(half)]
      : facts;
  const parts = [format.opening(video.topic, video.channel), ...middle.map((fact) => [fact]), format.closing];
  return laidOut(parts, video.durationSeconds);
}

/** All of the topic's facts in long videos, four in Shorts, all but two in the rest: two videos differ. */
function factsFor(video: DemoVideo, seed: number): string[] {
  const facts = (demoTopics.topics as Record<string, string[]>)[video.topic] ?? [];
  if (video.durationSeconds <= SHORT_VIDEO_SECONDS) {
    const start = seed % Math.max(1, facts.length - FACTS_IN_A_SHORT + 1);
    return facts.slice(start, start + FACTS_IN_A_SHORT);
  }
  if (video.durationSeconds >= LONG_VIDEO_SECONDS) return facts;
  const first = seed % facts.length;
  const second = (first + 1 + ((seed >>> 8) % Math.max(1, facts.length - 1))) % facts.length;
  return facts.filter((_, index) => index !== first && index !== second);
}

/**
 * Caption lines over the whole video: each part (the opening, a fact, the sign-off) spoken at a steady
 * pace, the pauses between parts stretched so the sign-off lands just before the end, or everything
 * squeezed when the words would not fit.
 */
function laidOut(parts: string[][], durationSeconds: number): TranscriptSegment[] {
  const captions = parts.map((sentences) => sentences.flatMap(captionLines));
  const speechSeconds = captions.flat().reduce((sum, line) => sum + wordCount(line), 0) / WORDS_PER_SECOND;
  const lastSecond = durationSeconds - 1;
  const squeeze = Math.min(1, lastSecond / speechSeconds);
  const pause = Math.max(0, (lastSecond - speechSeconds) / Math.max(1, parts.length - 1));
  const segments: TranscriptSegment[] = [];
  let at = 0;
  for (const lines of captions) {
    for (const line of lines) {
      segments.push({ startSeconds: Math.round(at * 10) / 10, text: line });
      at += (wordCount(line) / WORDS_PER_SECOND) * squeeze;
    }
    at += pause;
  }
  return segments;
}

/** A sentence cut into caption lines of even length, as a captioner would. */
function captionLines(sentence: string): string[] {
  const words = sentence.split(" ");
  const lineCount = Math.ceil(words.length / WORDS_PER_CAPTION);
  const perLine = Math.ceil(words.length / lineCount);
  const lines: string[] = [];
  for (let start = 0; start < words.length; start += perLine) {
    lines.push(words.slice(start, start + perLine).join(" "));
  }
  return lines;
}

const wordCount = (text: string) => text.split(" ").length;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Seconds in the catalog's ISO 8601 durations ("PT1H3M40S", "P0D"). */
function secondsOf(duration: string): number {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(duration);
  if (!match) return 0;
  const [days = 0, hours = 0, minutes = 0, seconds = 0] = match.slice(1).map((part) => Number(part ?? 0));
  return ((days * 24 + hours) * 60 + minutes) * 60 + seconds;
}

/** FNV-1a: a stable number from a video id, to vary which facts a video says. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  return hash >>> 0;
}
