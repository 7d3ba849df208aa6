/** A service's /metrics, as Prometheus' text format. */
export async function scrapeMetrics(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  if (!response.ok) throw new Error(`/metrics on port ${port} answered ${response.status}`);
  return response.text();
}

/**
 * The sum of a metric's samples whose labels include every one of `labels` (0 when none matches), e.g.
 * `metricValue(text, "summariser_llm_calls_total")`.
 */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = new Map(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]),
    );
    if (Object.entries(labels).every(([key, value]) => given.get(key) === value)) sum += Number(match[3]);
  }
  return sum;
}

/** The value below which `share` of a histogram's observations fall, interpolated within its bucket. */
export function histogramQuantile(
  text: string,
  name: string,
  labels: Record<string, string>,
  share: number,
): number {
  const buckets: { le: number; count: number }[] = [];
  for (const line of text.split("\n")) {
    const match = new RegExp(`^${name}_bucket\\{([^}]*)\\} (\\S+)$`).exec(line);
    if (!match) continue;
    const given = new Map(
      [...(match[1] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
    );
    if (!Object.entries(labels).every(([key, value]) => given.get(key) === value)) continue;
    const le = given.get("le") === "+Inf" ? Number.POSITIVE_INFINITY : Number(given.get("le"));
    buckets.push({ le, count: Number(match[2]) });
  }
  buckets.sort((a, b) => a.le - b.le);
  const total = buckets.at(-1)?.count ?? 0;
  if (total === 0) return Number.NaN;
  const rank = share * total;
  let lower = { le: 0, count: 0 };
  for (const bucket of buckets) {
    if (bucket.count >= rank) {
      // Past the last finite bucket there is no upper edge: its lower edge is all that can be said.
      if (!Number.isFinite(bucket.le)) return lower.le;
      const within = bucket.count === lower.count ? 1 : (rank - lower.count) / (bucket.count - lower.count);
      return lower.le + within * (bucket.le - lower.le);
    }
    lower = bucket;
  }
  return Number.NaN;
}
