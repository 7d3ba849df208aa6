import { type FocusWords, focusScore, focusWords } from "./focus-words.ts";
import {
  type GlanceDraft,
  type GlanceVideo,
  type GlanceWriter,
  MAX_GLANCE_LINES,
  MIN_GLANCE_LINES,
} from "./glance-writer.ts";
import { keyPhrases, type Phrase } from "./key-phrases.ts";
import { mayJoin, substanceOf } from "./substance.ts";

/** A phrase and the videos of the digest whose summaries are about it. */
interface Shared {
  phrase: Phrase;
  videos: GlanceVideo[];
  channels: string[];
  /** How many of those videos have it in their title too, which names what a video is about. */
  inTitles: number;
  /** How far it speaks to the reader's focus (focusScore); never below zero, as those are left out. */
  focused: number;
}

/**
 * What the reader cares about comes first; then stories two channels share; then two words before one,
 * and a phrase titles use too before one only summaries do, as two summaries may well share a turn of
 * phrase about nothing in particular.
 */
const weight = (shared: Shared) =>
  shared.focused * 1000 +
  shared.channels.length * 100 +
  shared.phrase.words * 40 +
  shared.inTitles * 15 +
  shared.videos.length * 10 +
  shared.phrase.key.length / 100;

const andList = (names: readonly string[]) =>
  names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;

/** A theme's line cites this many of its videos; it counts them all. */
const MAX_THEME_VIDEOS = 3;

const countOf = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/**
 * The embedded writer of the week at a glance, used with the extractive summaries: no model, only what
 * the digest says. What each video's summary is about (substanceOf: its key points, never its title
 * alone) is compared across videos: a phrase two channels' summaries share is a story they both covered
 * ("Pocket Orbit and Copper Pan Kitchen both covered “regenerative cooling”"), one several videos share is
 * a theme of the week. In a digest of several channels, each channel's newest video makes up the rest.
 * It never quotes a key point: the digest prints them all just below. A week with nothing to say across
 * its videos has no line at all. With the reader's focus, lines holding its words come first, and
 * phrases and titles holding words it asks to skip are left out; channels come in the digest's order,
 * which is already the focus's.
 */
export function createExtractiveGlanceWriter(): GlanceWriter {
  return {
    name: "extractive",
    async write(videos, focus) {
      return extractiveGlance(videos, focus);
    },
  };
}

export function extractiveGlance(videos: readonly GlanceVideo[], focus: string | null = null): GlanceDraft[] {
  const drafts: GlanceDraft[] = [];
  const cited = new Set<string>();
  const add = (draft: GlanceDraft) => {
    if (drafts.length >= MAX_GLANCE_LINES) return;
    drafts.push(draft);
    for (const ref of draft.refs) cited.add(ref);
  };
  const words = focusWords(focus);
  const shared = sharedPhrases(videos, words);
  // A story two channels covered: at most two, about videos not yet cited.
  const used = new Set<string>();
  for (const story of shared.filter((candidate) => candidate.channels.length > 1)) {
    if (drafts.length >= 2) break;
    const fresh = story.videos.filter((video) => !cited.has(video.ref));
    const channels = [...new Set(fresh.map((video) => video.channel))];
    if (channels.length < 2 || !mayJoin(story.phrase, fresh)) continue;
    const named = channels.slice(0, 3);
    const refs = named.flatMap((channel) => fresh.find((video) => video.channel === channel)?.ref ?? []);
    const verb = named.length === 2 ? "both covered" : "all covered";
    add({ text: `${andList(named)} ${verb} “${story.phrase.display}”.`, refs });
    used.add(story.phrase.key);
  }
  // A theme of the week: a phrase several videos' summaries share (of one channel, or of channels already named).
  const theme = shared.find(
    (candidate) =>
      !used.has(candidate.phrase.key) &&
      candidate.videos.some((video) => !cited.has(video.ref)) &&
      mayJoin(candidate.phrase, candidate.videos.slice(0, MAX_THEME_VIDEOS)),
  );
  if (theme) {
    const cites = theme.videos.slice(0, MAX_THEME_VIDEOS);
    const channels = [...new Set(cites.map((video) => video.channel))];
    const from = channels.length > 1 ? `, from ${andList(channels)}` : ` from ${channels[0]}`;
    add({
      text: `“${theme.phrase.display}” came up in ${countOf(theme.videos.length, "video")}${from}.`,
      refs: cites.map((video) => video.ref),
    });
  }
  // Each channel's newest video, channels in the digest's order: an overview of a week across channels.
  // A one-channel digest's own section, just below, is that overview already.
  const channels = [...new Set(videos.map((video) => video.channel))];
  if (channels.length < 2) return forFocus(drafts, words);
  for (const channel of channels) {
    if (drafts.length >= MIN_GLANCE_LINES) break;
    const own = videos.filter((video) => video.channel === channel);
    const newest = own[0];
    if (!newest || cited.has(newest.ref) || focusScore(words, newest.title) < 0) continue;
    const more = own.length > 1 ? ` and ${countOf(own.length - 1, "more video")}` : "";
    add({ text: `${channel} posted “${newest.title}”${more}.`, refs: [newest.ref] });
  }
  return forFocus(drafts, words);
}

/** The lines holding the focus's words first; otherwise in the order they were written. */
function forFocus(drafts: GlanceDraft[], words: FocusWords): GlanceDraft[] {
  const scored = drafts.map((draft) => ({ draft, score: focusScore(words, draft.text) }));
  return scored.sort((a, b) => b.score - a.score).map(({ draft }) => draft);
}

/** The phrases more than one video's summary is about, best first, none of them one the focus asks to skip. */
function sharedPhrases(videos: readonly GlanceVideo[], focus: FocusWords): Shared[] {
  const byKey = new Map<string, Shared>();
  for (const video of videos) {
    const titled = new Set(keyPhrases(video.title).map((phrase) => phrase.key));
    for (const phrase of substanceOf(video).values()) {
      const entry = byKey.get(phrase.key) ?? {
        phrase,
        videos: [],
        channels: [],
        inTitles: 0,
        focused: focusScore(focus, phrase.key),
      };
      entry.videos.push(video);
      if (titled.has(phrase.key)) entry.inTitles += 1;
      // Written in lower case anywhere, it is a common phrase capitalised only to start a sentence.
      if (phrase.display === phrase.display.toLocaleLowerCase("en")) entry.phrase = phrase;
      if (!entry.channels.includes(video.channel)) entry.channels.push(video.channel);
      byKey.set(phrase.key, entry);
    }
  }
  const shared = [...byKey.values()].filter((entry) => entry.videos.length > 1 && entry.focused >= 0);
  // A word of a shared pair says no more than the pair, when the same videos use it.
  const pairs = shared.filter((entry) => entry.phrase.words === 2);
  return shared
    .filter(
      (entry) =>
        entry.phrase.words === 2 ||
        !pairs.some(
          (pair) =>
            pair.phrase.key.split(" ").includes(entry.phrase.key) &&
            pair.videos.length === entry.videos.length,
        ),
    )
    .sort((a, b) => weight(b) - weight(a));
}
