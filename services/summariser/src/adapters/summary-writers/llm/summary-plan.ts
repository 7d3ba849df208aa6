import type { TimedLine } from "./timed-lines.ts";

/** What one kind of call can hold, and what it costs besides. */
export interface CallSize {
  /** Tokens of material (transcript lines, notes) that fit beside the rest of the prompt and the answer. */
  capacity: number;
  /** Tokens the call costs beyond its material: the rest of the prompt, and the most the answer may take. */
  cost: number;
}

export interface PlanLimits {
  /** The most all calls for one video may cost together. */
  budget: number;
  summary: CallSize;
  partNotes: CallSize;
  mergeNotes: CallSize;
  summaryFromNotes: CallSize;
  /** The most tokens the notes on one part take when a later prompt shows them. */
  notesPerPart: number;
}

/**
 * How a transcript is summarised: in one call (the whole of it, or excerpts), or map-reduce (notes on each
 * part, then a summary of the notes). `sampled` when the budget allowed only part of the transcript.
 */
export type SummaryPlan =
  | { kind: "single"; excerpts: TimedLine[][]; sampled: boolean }
  | { kind: "mapReduce"; parts: TimedLine[][]; sampled: boolean };

/** Excerpts shorter than this say too little to be worth the gap they leave. */
const EXCERPT_TOKENS = 500;
const MOST_EXCERPTS = 16;
/** The `[...]` line between two excerpts. */
const SEPARATOR_TOKENS = 4;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The cheapest plan that reads the whole transcript within the budget; failing that, the plan that reads
 * the most of it in pieces spread evenly from its start to its end. Null when the budget cannot hold even
 * two excerpts. `tokens[i]` is the estimate for `lines[i]` as the prompt shows it.
 */
export function planSummary(lines: TimedLine[], tokens: number[], limits: PlanLimits): SummaryPlan | null {
  const total = sum(tokens);
  if (total <= limits.summary.capacity && total + limits.summary.cost <= limits.budget) {
    return { kind: "single", excerpts: [lines], sampled: false };
  }
  const parts = packed(lines, tokens, limits.partNotes.capacity);
  if (total + parts.length * limits.partNotes.cost + reduceCost(parts.length, limits) <= limits.budget) {
    return { kind: "mapReduce", parts, sampled: false };
  }
  const room = Math.min(limits.summary.capacity, limits.budget - limits.summary.cost);
  const sampledParts = mostAffordableParts(parts.length - 1, limits);
  const partTokens = Math.min(limits.partNotes.capacity, Math.floor(total / Math.max(1, sampledParts)));
  if (sampledParts >= 2 && sampledParts * partTokens > room) {
    return { kind: "mapReduce", parts: evenlySpaced(lines, tokens, sampledParts, partTokens), sampled: true };
  }
  const excerpts = Math.min(MOST_EXCERPTS, Math.floor(room / EXCERPT_TOKENS));
  if (excerpts < 2) return null;
  const excerptTokens = Math.floor(room / excerpts) - SEPARATOR_TOKENS;
  return { kind: "single", excerpts: evenlySpaced(lines, tokens, excerpts, excerptTokens), sampled: true };
}

/** The most parts (up to `most`) whose notes and their reduction the budget holds at full part size. */
function mostAffordableParts(most: number, limits: PlanLimits): number {
  const perPart = limits.partNotes.capacity + limits.partNotes.cost;
  for (let parts = most; parts >= 2; parts -= 1) {
    if (parts * perPart + reduceCost(parts, limits) <= limits.budget) return parts;
  }
  return 0;
}

/**
 * What reducing the notes on `parts` parts costs at most: merge rounds while the notes are too long for the
 * final prompt, then the summary. Merging must shrink notes (mergeNotes.capacity > notesPerPart).
 */
export function reduceCost(parts: number, limits: PlanLimits): number {
  let notes = parts * limits.notesPerPart;
  let cost = 0;
  while (notes > limits.summaryFromNotes.capacity) {
    const groups = Math.ceil(notes / limits.mergeNotes.capacity);
    cost += notes + groups * limits.mergeNotes.cost;
    notes = groups * limits.notesPerPart;
  }
  return cost + notes + limits.summaryFromNotes.cost;
}

/** Items in order, in groups of at most `capacity` tokens (an item bigger than that alone in its group). */
export function packed<T>(items: readonly T[], tokens: readonly number[], capacity: number): T[][] {
  const groups: T[][] = [];
  let group: T[] = [];
  let used = 0;
  for (const [i, item] of items.entries()) {
    const size = tokens[i] ?? 0;
    if (group.length > 0 && used + size > capacity) {
      groups.push(group);
      group = [];
      used = 0;
    }
    group.push(item);
    used += size;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/**
 * `count` runs of consecutive lines of at most `size` tokens each, the first at the start, the last at the
 * end, the others evenly between. Runs do not overlap when the lines hold more than count × size tokens.
 */
export function evenlySpaced(
  lines: TimedLine[],
  tokens: number[],
  count: number,
  size: number,
): TimedLine[][] {
  const total = sum(tokens);
  const step = count > 1 ? (total - size) / (count - 1) : 0;
  const runs: TimedLine[][] = [];
  let index = 0;
  let offset = 0;
  for (let run = 0; run < count; run += 1) {
    const target = run * step;
    while (index < lines.length - 1 && offset < target) {
      offset += tokens[index] ?? 0;
      index += 1;
    }
    const taken: TimedLine[] = [];
    let used = 0;
    for (let i = index; i < lines.length && used + (tokens[i] ?? 0) <= size; i += 1) {
      taken.push(lines[i] as TimedLine);
      used += tokens[i] ?? 0;
    }
    runs.push(taken);
  }
  return runs;
}
