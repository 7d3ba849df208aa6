/** Why a digest ended as it did, as its row and the metrics name it. */
export type DigestOutcome = "composed" | "skipped" | "failed";

/**
 * How one step of the transcript chain answered: a transcript, none to give, or why it could not: YouTube
 * refusing this client (a bot check, a block of the address), a rate limit, or any other failure.
 */
export type TranscriptStepOutcome = "served" | "empty" | "refused" | "rate-limited" | "failed";

/** The model calls of one piece of work and their tokens. */
export interface ModelUsage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
}

/** What the summariser counts for operators (Prometheus on /metrics). */
export interface SummariserMetrics {
  digestFinished(outcome: DigestOutcome, reason?: string): void;
  /** A newsletter the mailer sent; for a digest, how long after its due time (null for other newsletters). */
  newsletterSent(lateSeconds: number | null): void;
  /** A summary written: the model calls and tokens it cost (none for the extractive writer). */
  summaryWritten(usage: ModelUsage): void;
  /** A week at a glance asked of the model: its call and tokens. */
  glanceWritten(usage: ModelUsage): void;
  /** Key points dropped because the transcript at their moment does not support them, by writer. */
  keyPointsDropped(writer: string, count: number): void;
  /** How a step of the transcript chain answered, by source. */
  transcriptStep(source: string, outcome: TranscriptStepOutcome): void;
  /** What a paid transcript step spent on one video. */
  transcriptCost(source: string, spent: { usd: number; inputTokens: number; outputTokens: number }): void;
}
