/** The middle value of a bench's rounds (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 === 1
    ? (sorted[Math.floor(middle)] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** " (lowest–highest)" of the rounds, or nothing for a single round. */
export function range(values: number[], digits: number): string {
  return values.length > 1
    ? ` (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`
    : "";
}
