/**
 * A newsletter as the product shows it, wherever it is shown (the weekly e-mail, the archive page, the
 * preview's mock inbox): channels, their videos, each video's key points and paragraph. Built from the
 * digest's markdown by the readers beside this file; the mailer and the web app each render it once.
 */
export interface Digest {
  /** The week it covers ("Week of 23 November 2026"), when the markdown names it. */
  title: string | null;
  channels: DigestChannel[];
}

export interface DigestChannel {
  title: string;
  videos: DigestVideo[];
  /** What is said under the channel before any video ("No new videos this week…"). */
  notes: DigestParagraph[];
}

export interface DigestVideo {
  /** The YouTube video id, when its link is a YouTube address. */
  videoId: string | null;
  title: string;
  /** The video's http(s) address, or null when it had none. */
  url: string | null;
  thumbnail: VideoThumbnail | null;
  /** ISO 8601, when known (the stored newsletter knows it; the preview's markdown does not). */
  publishedAt: string | null;
  keyPoints: KeyPoint[];
  /** The summary's paragraph and any notes (no captions, not summarised, locked in a preview). */
  paragraphs: DigestParagraph[];
}

/** One key point: its text at normal weight, at most a key phrase emphasised, and where it is said. */
export interface KeyPoint {
  text: DigestInline[];
  /** The moment in the video ("1:48") and the link that starts it there. */
  moment: { label: string; url: string } | null;
}

export interface DigestParagraph {
  /** A note about the summary rather than the summary itself (written in italics in the markdown). */
  note: boolean;
  text: DigestInline[];
}

/** A run of text: plain, a key phrase, an aside, or a link (always http(s)). */
export type DigestInline =
  | { kind: "text"; text: string }
  | { kind: "strong"; text: string }
  | { kind: "emphasis"; text: string }
  | { kind: "link"; text: string; url: string };

export interface VideoThumbnail {
  url: string;
  width: number;
  height: number;
}
