import type { GlanceVideo } from "./glance-writer.ts";
import { keyPhrases, type Phrase } from "./key-phrases.ts";

/**
 * The phrases a video's summary is about, by their keys: two words side by side in one of its key points,
 * or a single word its key points and its title both use. A title alone is no substance: videos whose
 * titles share a word or a template ("Five mistakes…") may be about nothing in common. A single word its
 * key points merely happen to use (a cooking video's "temperature", a rocket video's) is no story either.
 */
export function substanceOf(video: GlanceVideo): Map<string, Phrase> {
  const titled = new Set(keyPhrases(video.title).map((phrase) => phrase.key));
  const substance = new Map<string, Phrase>();
  // Point by point, so that no pair spans the end of one key point and the start of the next.
  for (const phrase of video.keyPoints.flatMap(keyPhrases)) {
    if (substance.has(phrase.key)) continue;
    if (phrase.words === 2 || titled.has(phrase.key)) substance.set(phrase.key, phrase);
  }
  return substance;
}

/**
 * Whether a phrase their summaries share may join these videos in a line. Not a phrase of their channels'
 * names, which a line names anyway; and across channels, only two words side by side, as one word
 * ("wheel", "routes") may well mean one thing on each channel and another on the next.
 */
export function mayJoin(phrase: Phrase, videos: readonly GlanceVideo[]): boolean {
  const channels = new Set(videos.map((video) => video.channel));
  if ([...channels].some((channel) => keyPhrases(channel).some((named) => named.key === phrase.key)))
    return false;
  return phrase.words === 2 || channels.size < 2;
}

/**
 * Whether a line citing several videos says something all their summaries share: a phrase of the line
 * that is the substance of every one of them and may join them.
 */
export function joinsOnSubstance(text: string, cited: readonly GlanceVideo[]): boolean {
  const substances = cited.map(substanceOf);
  return keyPhrases(text).some(
    (phrase) => mayJoin(phrase, cited) && substances.every((substance) => substance.has(phrase.key)),
  );
}
