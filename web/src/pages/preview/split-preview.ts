import type { Digest } from "@tubedigest/contracts/digest";

/** The preview cut where the blur starts, and whether the blurred part goes on with the readable part's channel. */
export interface SplitPreview {
  readable: Digest;
  blurred: Digest;
  continued: boolean;
}

/**
 * The preview cut where the blur starts: the week, the channels up to the first video and that video stay
 * readable; every later video and channel is shown blurred, as the teaser of a paid plan.
 */
export function splitPreview(digest: Digest): SplitPreview {
  const first = digest.channels.findIndex((channel) => channel.videos.length > 0);
  const channel = digest.channels[first];
  if (!channel) return { readable: digest, blurred: { title: null, channels: [] }, continued: false };
  const rest = channel.videos.slice(1);
  const later = digest.channels.slice(first + 1);
  return {
    readable: {
      title: digest.title,
      channels: [...digest.channels.slice(0, first), { ...channel, videos: channel.videos.slice(0, 1) }],
    },
    blurred: {
      title: null,
      channels: rest.length > 0 ? [{ ...channel, notes: [], videos: rest }, ...later] : later,
    },
    continued: rest.length > 0,
  };
}
