import autocannon from "autocannon";

/** One autocannon run's figures. */
export interface LoadFigures {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
}

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
}

/**
 * Keeps `settings.connections` requests in flight against `url` for the duration, cycling through
 * `paths` when given. Any answer but a 2xx, an error or a timeout fails the run: the figures would
 * otherwise include refusals (a rate limit, a lost session), which are cheaper than the real thing.
 */
export async function measureLoad(
  url: string,
  settings: LoadSettings,
  options: { headers?: Record<string, string>; paths?: string[] } = {},
): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections: settings.connections,
    duration: settings.durationSeconds,
    headers: options.headers ?? {},
    ...(options.paths ? { requests: options.paths.map((path) => ({ path })) } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${url}: ${result.non2xx} answers other than 2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.latency.totalCount,
  };
}
