import {
  type GlanceDraft,
  type GlanceVideo,
  type GlanceWriter,
  MAX_GLANCE_LINES,
  MIN_GLANCE_LINES,
} from "./glance-writer.ts";
import { keyPhrases, type Phrase } from "./key-phrases.ts";

/** A phrase and the videos of the digest that use it. */
interface Shared {
  phrase: Phrase;
  videos: GlanceVideo[];
  channels: string[];
  /** How many of those videos have it in their title, which names what a video is about. */
  inTitles: number;
  /** The channels whose videos have it in their title. */
  titleChannels: string[];
}

/**
 * Stories two channels share come first; then two words before one, and a phrase in titles before one only
 * in key points, as a word every summary happens to use says little about the week.
 */
const weight = (shared: Shared) =>
  shared.channels.length * 100 +
  shared.phrase.words * 40 +
  shared.inTitles * 15 +
  shared.videos.length * 10 +
  shared.phrase.key.length / 100;

const andList = (names: readonly string[]) =>
  names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;

/** A key point quoted in a line: its first 180 characters, cut between words. */
const shortened = (text: string) =>
  text.length <= 180 ? text : `${text.slice(0, 181).replace(/\s+\S*$/, "")}…`;

const countOf = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/**
 * The embedded writer of the week at a glance, used with the extractive summaries: no model, only what
 * the digest says. The key phrases of each video's title and key points are compared across videos: a
 * phrase two channels both used is a story they both covered ("Pocket Orbit and Copper Pan Kitchen both
 * covered “solar ovens”"), one several videos used is a theme of the week; each channel's newest video, and
 * then key points, make up the rest, so a digest has three lines where it has that much to say.
 */
export function createExtractiveGlanceWriter(): GlanceWriter {
  return {
    name: "extractive",
    async write(videos) {
      return extractiveGlance(videos);
    },
  };
}

export function extractiveGlance(videos: readonly GlanceVideo[]): GlanceDraft[] {
  const drafts: GlanceDraft[] = [];
  const cited = new Set<string>();
  const add = (draft: GlanceDraft) => {
    if (drafts.length >= MAX_GLANCE_LINES) return;
    // A key point a summary makes twice is one line.
    if (drafts.some((other) => other.text.toLocaleLowerCase("en") === draft.text.toLocaleLowerCase("en")))
      return;
    drafts.push(draft);
    for (const ref of draft.refs) cited.add(ref);
  };
  const shared = sharedPhrases(videos);
  // A story two channels covered (their titles say so: a word their key points share may be chance): at
  // most two, about videos not yet cited.
  const used = new Set<string>();
  for (const story of shared.filter((candidate) => candidate.titleChannels.length > 1)) {
    if (drafts.length >= 2) break;
    const fresh = story.videos.filter(
      (video) =>
        !cited.has(video.ref) && keyPhrases(video.title).some((phrase) => phrase.key === story.phrase.key),
    );
    const channels = [...new Set(fresh.map((video) => video.channel))];
    if (channels.length < 2) continue;
    const named = channels.slice(0, 3);
    const refs = named.flatMap((channel) => fresh.find((video) => video.channel === channel)?.ref ?? []);
    const verb = named.length === 2 ? "both covered" : "all covered";
    add({ text: `${andList(named)} ${verb} “${story.phrase.display}”.`, refs });
    used.add(story.phrase.key);
  }
  // A theme of the week: a phrase in several videos' titles (of one channel, or of channels already named).
  const theme = shared.find(
    (candidate) =>
      candidate.inTitles > 1 &&
      !used.has(candidate.phrase.key) &&
      candidate.videos.some((video) => !cited.has(video.ref)),
  );
  if (theme) {
    const titled = theme.videos.filter((video) =>
      keyPhrases(video.title).some((phrase) => phrase.key === theme.phrase.key),
    );
    const cites = titled.slice(0, 3);
    const channels = [...new Set(cites.map((video) => video.channel))];
    const from = channels.length > 1 ? `, from ${andList(channels)}` : ` from ${channels[0]}`;
    add({
      text: `“${theme.phrase.display}” came up in ${countOf(titled.length, "video")}${from}.`,
      refs: cites.map((video) => video.ref),
    });
  }
  // Each channel's newest video, channels in the digest's order.
  for (const channel of [...new Set(videos.map((video) => video.channel))]) {
    if (drafts.length >= MIN_GLANCE_LINES) break;
    const own = videos.filter((video) => video.channel === channel);
    const newest = own[0];
    if (!newest || cited.has(newest.ref)) continue;
    const more = own.length > 1 ? ` and ${countOf(own.length - 1, "more video")}` : "";
    add({ text: `${channel} posted “${newest.title}”${more}.`, refs: [newest.ref] });
  }
  // A short week: its key points, one per video in turn.
  for (let point = 0; drafts.length < MIN_GLANCE_LINES; point += 1) {
    const left = videos.filter((video) => video.keyPoints[point] !== undefined);
    if (left.length === 0) break;
    for (const video of left) {
      if (drafts.length >= MIN_GLANCE_LINES) break;
      add({ text: `${video.channel}: ${shortened(video.keyPoints[point] ?? "")}`, refs: [video.ref] });
    }
  }
  return drafts;
}

/** The phrases more than one video of the digest uses, best first. */
function sharedPhrases(videos: readonly GlanceVideo[]): Shared[] {
  const byKey = new Map<string, Shared>();
  for (const video of videos) {
    const inTitle = new Set(keyPhrases(video.title).map((phrase) => phrase.key));
    for (const phrase of keyPhrases([video.title, ...video.keyPoints].join(" \n "))) {
      const entry = byKey.get(phrase.key) ?? {
        phrase,
        videos: [],
        channels: [],
        inTitles: 0,
        titleChannels: [],
      };
      entry.videos.push(video);
      if (inTitle.has(phrase.key)) {
        entry.inTitles += 1;
        if (!entry.titleChannels.includes(video.channel)) entry.titleChannels.push(video.channel);
      }
      // Written in lower case anywhere, it is a common phrase capitalised only to start a title.
      if (phrase.display === phrase.display.toLocaleLowerCase("en")) entry.phrase = phrase;
      if (!entry.channels.includes(video.channel)) entry.channels.push(video.channel);
      byKey.set(phrase.key, entry);
    }
  }
  const shared = [...byKey.values()].filter((entry) => entry.videos.length > 1);
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
