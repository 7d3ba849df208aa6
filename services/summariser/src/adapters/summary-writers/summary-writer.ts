import type { Transcript } from "../transcripts/transcript-source.ts";

/** What a summary is made from: the video's own words when it has captions, else what its page says. */
export interface SummaryInput {
  video: {
    videoId: string;
    title: string;
    description: string;
    durationSeconds: number | null;
  };
  /** Null when no captions could be had: the summary is then made from title and description. */
  transcript: Transcript | null;
}

/** One key point; `startSeconds` is where in the video it is said, when the transcript has times. */
export interface KeyPoint {
  text: string;
  startSeconds: number | null;
}

/** One chapter of a long video (from the timestamps in its description) and what it says. */
export interface SummarySection {
  title: string;
  startSeconds: number;
  keyPoints: KeyPoint[];
}

/**
 * The fixed shape every writer answers with (3 to 5 key points and a short paragraph); a long video with
 * chapters also gets a section per chapter.
 */
export interface WrittenSummary {
  keyPoints: KeyPoint[];
  paragraph: string;
  sections?: SummarySection[] | undefined;
  /** BCP 47 code of the language the summary is written in: the video's. */
  language: string;
  /** "transcript" when made from captions; "description" when only title and description were had. */
  basis: "transcript" | "description";
  /** Which writer and model made it ("extractive", or the LLM's model name). */
  model: string;
  usage: { promptTokens: number; completionTokens: number; calls: number };
}

/**
 * Turns a video's transcript (or, lacking one, its title and description) into a summary. The LLM
 * writer and the embedded extractive one answer the same shape.
 */
export interface SummaryWriter {
  readonly name: string;
  /** Changes whenever the writer would summarise differently (a new prompt): summaries are kept per version. */
  readonly version: string;
  write(input: SummaryInput): Promise<WrittenSummary>;
  /**
   * The summary in another language (a BCP 47 code), its moments kept: a reader's chosen language.
   * Absent for a writer that cannot translate (the extractive one), whose readers get the original.
   */
  translate?(summary: WrittenSummary, language: string, title: string): Promise<WrittenSummary>;
}

/**
 * The writer gave up on this video for a reason that is the video's (the model kept answering in the
 * wrong shape, the transcript is over the token budget after sampling): the video is marked failed.
 */
export class SummaryFailedError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
    this.name = "SummaryFailedError";
  }
}

/** The model could not be reached or kept refusing (429/5xx after retries): try again later. */
export class WriterUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "WriterUnavailableError";
  }
}
