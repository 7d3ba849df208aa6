import type { Digest } from "@tubedigest/contracts/digest";

/**
 * How many of each channel's videos an e-mail shows when it may show `max` in all: the channels take
 * turns, each giving its next video (its newest first), so a channel that uploaded ten times this week
 * does not push the others out. Shorter weeks are shown whole.
 */
export function shareVideos(digest: Digest, max: number): number[] {
  const shown = digest.channels.map(() => 0);
  let left = max;
  for (let round = 0; left > 0; round += 1) {
    let gave = false;
    for (const [index, channel] of digest.channels.entries()) {
      if (left > 0 && round < channel.videos.length) {
        shown[index] = round + 1;
        left -= 1;
        gave = true;
      }
    }
    if (!gave) break;
  }
  return shown;
}
