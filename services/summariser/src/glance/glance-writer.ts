/** A video of the digest as the week at a glance is written from: what the digest itself shows of it. */
export interface GlanceVideo {
  /** How a line cites it: "v1", "v2"… in the digest's order. */
  ref: string;
  channel: string;
  title: string;
  url: string;
  /** Its summary's key points; none for a video whose summary a preview does not show. */
  keyPoints: string[];
}

/** A line as a writer proposes it, before it is checked against the digest. */
export interface GlanceDraft {
  text: string;
  /** The refs of the videos it rests on. */
  refs: string[];
}

/**
 * Three to five lines on the week across the reader's channels where it has that much to say; fewer, or
 * none, where it has not: a glance says only what the videos' summaries support.
 */
export const MIN_GLANCE_LINES = 3;
export const MAX_GLANCE_LINES = 5;
/** A line is a sentence, not a paragraph. */
export const MAX_GLANCE_CHARS = 280;

/**
 * Writes the week at a glance from the digest's videos: the model with its own small prompt, or the
 * embedded writer by the key phrases the videos' summaries share, either leading with what the reader's
 * focus asks for (null for none). Whatever it proposes is checked by groundedGlance; proposing no line at
 * all is an answer.
 */
export interface GlanceWriter {
  readonly name: string;
  write(videos: readonly GlanceVideo[], focus: string | null): Promise<GlanceDraft[]>;
}
