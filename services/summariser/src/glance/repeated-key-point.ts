import type { GlanceVideo } from "./glance-writer.ts";

/** Key points this short are phrases a line may well use in its own words. */
const MIN_QUOTED_WORDS = 3;

/** Its words, lower case, each with a space either side; "knife's" is one word. */
const words = (text: string) =>
  ` ${text
    .normalize("NFKC")
    .toLocaleLowerCase("en")
    .replace(/['’]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;

/**
 * Whether a line quotes one of its videos' key points word for word. The digest prints every key point
 * under its video, just below the glance, so such a line only says it twice. A key point that is no more
 * than a title or a channel's name may be quoted, as naming that video or channel.
 */
export function repeatsKeyPoint(text: string, cited: readonly GlanceVideo[]): boolean {
  const line = words(text);
  const names = cited.flatMap((video) => [words(video.title), words(video.channel)]);
  return cited.some((video) =>
    video.keyPoints.some((point) => {
      const quoted = words(point);
      return (
        quoted.trim().split(" ").length >= MIN_QUOTED_WORDS &&
        line.includes(quoted) &&
        !names.some((name) => name.includes(quoted))
      );
    }),
  );
}
