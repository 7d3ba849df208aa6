import { type FocusWords, focusScore, focusWords, hasFocus } from "../glance/focus-words.ts";

/** What a video says of itself, as the focus is matched against: its title, and its summary's text. */
export interface FocusedText {
  title: string;
  summary: string;
}

/** A title names what a video is about: a word of the focus there counts twice what it does in the summary. */
const score = (words: FocusWords, text: FocusedText) =>
  2 * focusScore(words, text.title) + focusScore(words, text.summary);

/**
 * A digest's channels and videos ordered for the reader's focus: each video scored by the focus's words
 * in its title and summary, videos within a channel by their score, and channels by their best video's.
 * Ties keep the order they came in (the digest's own, by newness), and without a focus nothing moves.
 */
export function orderForFocus<Channel extends { videos: readonly unknown[] }>(
  channels: readonly Channel[],
  focus: string | null,
  textOf: (video: Channel["videos"][number]) => FocusedText,
): Channel[] {
  const words = focusWords(focus);
  if (!hasFocus(words)) return [...channels];
  return channels
    .map((channel) => {
      const scored = channel.videos.map((video) => ({ video, score: score(words, textOf(video)) }));
      scored.sort((a, b) => b.score - a.score);
      return {
        channel: { ...channel, videos: scored.map(({ video }) => video) },
        best: scored[0]?.score ?? 0,
      };
    })
    .sort((a, b) => b.best - a.best)
    .map(({ channel }) => channel);
}
