import type { SummaryWriter } from "../adapters/summary-writers/summary-writer.ts";

/**
 * Summaries are kept per (video, version): a new prompt or another writer makes new summaries rather
 * than mixing with the old ones, which stay for the newsletters that quoted them.
 */
export const summaryVersion = (writer: SummaryWriter): string => `${writer.name}/${writer.version}`;
