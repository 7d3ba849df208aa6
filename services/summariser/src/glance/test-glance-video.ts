import type { GlanceVideo } from "./glance-writer.ts";

/** A video of a hand-written week for the glance's tests, its address made from `ref`. */
export const glanceVideo = (
  ref: string,
  channel: string,
  title: string,
  keyPoints: string[] = [],
): GlanceVideo => ({
  ref,
  channel,
  title,
  url: `https://www.youtube.com/watch?v=${ref.padEnd(11, "x")}`,
  keyPoints,
});
