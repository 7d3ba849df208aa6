import { seededRandom } from "@tubedigest/testing/seeded-random";

/**
 * `count` ranks drawn from a Zipf distribution over `1..vocabulary` (rank k with probability
 * proportional to 1/k^exponent), as popularity of search terms roughly is: a few asked often, most rarely.
 * Also returns the generator, for decisions that should be as repeatable as the draw.
 */
export function zipfSample(
  count: number,
  vocabulary: number,
  exponent: number,
  seed: number,
): { ranks: number[]; random: () => number } {
  const random = seededRandom(seed);
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= vocabulary; rank++) {
    total += 1 / rank ** exponent;
    cumulative.push(total);
  }
  const draw = () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    return low + 1;
  };
  return { ranks: Array.from({ length: count }, draw), random };
}
