import type { Digest, KeyPoint } from "./digest.ts";
import { inlineText } from "./read-inline.ts";

/** A point's words as compared: case, accents' forms, punctuation and spacing do not make it new. */
function normalised(point: KeyPoint): string {
  return inlineText(point.text)
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * The digest with no key point said twice within a channel: a channel's later video (in the digest's
 * order) drops a point an earlier one already made, as series and re-uploads often repeat them.
 */
export function withoutRepeatedPoints(digest: Digest): Digest {
  return {
    ...digest,
    channels: digest.channels.map((channel) => {
      const said = new Set<string>();
      return {
        ...channel,
        videos: channel.videos.map((video) => ({
          ...video,
          keyPoints: video.keyPoints.filter((point) => {
            const words = normalised(point);
            if (words === "") return true;
            if (said.has(words)) return false;
            said.add(words);
            return true;
          }),
        })),
      };
    }),
  };
}
