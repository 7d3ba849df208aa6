import type { WeekSourceCount } from "../store/summary-repository.ts";
import type { WeekTranscriptCost } from "../store/transcript-costs.ts";

/**
 * One line per week, newest first: the videos summarised, each source's share of them, the largest first,
 * and what the paid transcript steps spent that week when they spent anything. A week without summaries
 * is not listed.
 */
export function sourceSharesTable(
  counts: readonly WeekSourceCount[],
  weeks: number,
  costs: readonly WeekTranscriptCost[] = [],
): string {
  const spent = new Map(costs.map((cost) => [cost.weekKey, cost.usd]));
  const byWeek = new Map<string, WeekSourceCount[]>();
  for (const count of counts) byWeek.set(count.weekKey, [...(byWeek.get(count.weekKey) ?? []), count]);
  if (byWeek.size === 0)
    return `No videos summarised in the last ${weeks} ${weeks === 1 ? "week" : "weeks"}.\n`;
  const lines = [...byWeek.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([weekKey, sources]) => {
      const videos = sources.reduce((sum, source) => sum + source.videos, 0);
      const shares = [...sources]
        .sort((a, b) => b.videos - a.videos || a.source.localeCompare(b.source))
        .map((source) => `${source.source} ${Math.round((100 * source.videos) / videos)}%`);
      const usd = spent.get(weekKey);
      const cost = usd === undefined ? "" : `  (transcripts cost $${usd.toFixed(2)})`;
      return `${weekKey}  ${String(videos).padStart(6)} videos  ${shares.join("  ")}${cost}`;
    });
  return `${lines.join("\n")}\n`;
}
