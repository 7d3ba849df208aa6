/**
 * Channel search through the gateway on the real parts: catalog's official YouTube SDK against the fake
 * Data API (which counts calls and the units YouTube would charge), its answers cached in the real Redis.
 *
 * 1. A day's searches, compressed: N searches, one at a time, of queries drawn from a Zipf distribution
 *    (exponent 1) over V distinct queries, about two thirds of them repeats within the cache's 24 hours;
 *    a third of them typed with other capitals or spacing. Reports the Data API units per 1,000
 *    searches, and the latency of hits and misses.
 * 2. Cache hits under load: autocannon cycles through the most asked queries, all cached by then.
 *
 * The gateway's search limit per client address is lifted (the bench is one address) and catalog's daily
 * quota raised, so that neither answers in place of the product.
 *
 *   node --import tsx bench/suite/search.ts [--searches 1000] [--queries 1000] [--connections 10] [--seconds 8]
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { fakeChannelsAbout } from "../support/fake-channels.ts";
import { measureLoad } from "../support/load-test.ts";
import { machineDescription, markdownTable, recordInPerformanceDoc } from "../support/performance-report.ts";
import { startRealStack } from "../support/real-stack.ts";
import { zipfSample } from "../support/zipf-sample.ts";

const { values } = parseArgs({
  options: {
    searches: { type: "string", default: "1000" },
    queries: { type: "string", default: "1000" },
    connections: { type: "string", default: "10" },
    seconds: { type: "string", default: "8" },
    "warm-up-seconds": { type: "string", default: "2" },
  },
});
const searchCount = Number(values.searches);
const vocabulary = Number(values.queries);
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const warmUpSeconds = Number(values["warm-up-seconds"]);
const ZIPF_EXPONENT = 1;
const SEED = 20261124;
/** What a search asks of YouTube: search.list (100 units) and one channels.list (1 unit). */
const UNITS_PER_UNCACHED_SEARCH = 101;
/** Channels each topic has, as many as catalog asks for, so every answer is full-sized. */
const CHANNELS_PER_TOPIC = 12;
/** Of YouTube's default 10,000 units a day, what searches may spend (catalog keeps the rest for uploads). */
const SEARCH_BUDGET_UNITS = 8_000;
const HOT_QUERIES = 50;

const topic = (rank: number) => `topic ${String(rank).padStart(4, "0")}`;
/** The same query as people type it: other capitals, extra spaces. */
const retyped = (query: string, random: () => number) =>
  random() < 0.5 ? query.toUpperCase() : `  ${query.replace(" ", "   ")} `;

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

// Whatever else runs on the machine competes for the same two cores: said beside the figures.
const loadBefore = loadavg()[0] ?? 0;
const stack = await startRealStack();
try {
  const { ranks, random } = zipfSample(searchCount, vocabulary, ZIPF_EXPONENT, SEED);
  for (const rank of new Set(ranks)) {
    for (const channel of fakeChannelsAbout(topic(rank), CHANNELS_PER_TOPIC))
      stack.youtube.addChannel(channel);
  }
  const search = async (query: string) => {
    const started = performance.now();
    const response = await fetch(`${stack.gateway}/api/youtube/search?query=${encodeURIComponent(query)}`);
    const answer = (await response.json()) as unknown[];
    if (response.status !== 200 || answer.length === 0) {
      throw new Error(`search ${JSON.stringify(query)}: ${response.status} ${JSON.stringify(answer)}`);
    }
    return performance.now() - started;
  };
  // Queries outside the vocabulary warm the code paths up (JIT, connection pools); their units are not counted.
  for (let index = 0; index < 20; index++) {
    for (const channel of fakeChannelsAbout(`warm up ${index}`, CHANNELS_PER_TOPIC)) {
      stack.youtube.addChannel(channel);
    }
    await search(`warm up ${index}`);
  }
  stack.youtube.resetCalls();

  const seen = new Set<number>();
  const hits: number[] = [];
  const misses: number[] = [];
  let retypedCount = 0;
  const started = performance.now();
  for (const rank of ranks) {
    const typedOtherwise = random() < 1 / 3;
    if (typedOtherwise) retypedCount += 1;
    const elapsed = await search(typedOtherwise ? retyped(topic(rank), random) : topic(rank));
    (seen.has(rank) ? hits : misses).push(elapsed);
    seen.add(rank);
  }
  const runSeconds = (performance.now() - started) / 1000;
  hits.sort((a, b) => a - b);
  misses.sort((a, b) => a - b);
  const units = stack.youtube.unitsSpent;
  const unitsPerThousand = (units / searchCount) * 1000;
  const repeatShare = hits.length / searchCount;
  const expectedUnits = misses.length * UNITS_PER_UNCACHED_SEARCH;
  const searchesPerDay = Math.floor(SEARCH_BUDGET_UNITS / (units / searchCount));

  const hotPaths = [...new Set(ranks)]
    .sort((a, b) => a - b)
    .slice(0, HOT_QUERIES)
    .map((rank) => `/api/youtube/search?query=${encodeURIComponent(topic(rank))}`);
  // The same hits from catalog directly too: a visitor's search carries no session, so the difference is
  // the gateway's proxying without the session's Redis round trips (compare bench/suite/gateway-overhead.ts).
  const loadOf = async (url: string) => {
    await measureLoad(url, { connections, durationSeconds: warmUpSeconds }, { paths: hotPaths });
    return measureLoad(url, { connections, durationSeconds: seconds }, { paths: hotPaths });
  };
  const unitsBeforeLoad = stack.youtube.unitsSpent;
  const underLoad = await loadOf(stack.gateway);
  const direct = await loadOf(stack.catalog);
  if (stack.youtube.unitsSpent !== unitsBeforeLoad) throw new Error("a cached query reached the Data API");
  const gatewayShare = underLoad.requestsPerSecond / direct.requestsPerSecond;

  process.stdout.write(
    [
      `${searchCount} searches of ${seen.size} distinct queries (Zipf, exponent ${ZIPF_EXPONENT}, over ${vocabulary}), one at a time, in ${runSeconds.toFixed(1)} s`,
      `repeats within the cache's lifetime: ${(repeatShare * 100).toFixed(1)} %; typed with other capitals or spacing: ${retypedCount}`,
      `Data API: ${stack.youtube.calls.search} search.list, ${stack.youtube.calls.channels} channels.list = ${units} units (${expectedUnits} expected: ${UNITS_PER_UNCACHED_SEARCH} per distinct query)`,
      `units per 1,000 searches: ${unitsPerThousand.toFixed(0)} (uncached: ${UNITS_PER_UNCACHED_SEARCH * 1000}); the ${SEARCH_BUDGET_UNITS}-unit search budget lasts ${searchesPerDay} such searches a day`,
      `cache hit, one at a time: p50 ${ms(percentile(hits, 0.5))}, p99 ${ms(percentile(hits, 0.99))} (${hits.length} hits)`,
      `cache miss, one at a time: p50 ${ms(percentile(misses, 0.5))}, p99 ${ms(percentile(misses, 0.99))} (${misses.length} misses)`,
      `cache hits under load (${connections} connections, ${HOT_QUERIES} hot queries, ${seconds} s): ${underLoad.requestsPerSecond.toFixed(0)} req/s, p50 ${underLoad.latencyP50Ms} ms, p99 ${underLoad.latencyP99Ms} ms`,
      `  catalog directly: ${direct.requestsPerSecond.toFixed(0)} req/s, p50 ${direct.latencyP50Ms} ms, p99 ${direct.latencyP99Ms} ms; gateway ÷ direct ${gatewayShare.toFixed(2)}`,
      "",
    ].join("\n"),
  );

  recordInPerformanceDoc(
    "search",
    [
      "```",
      `node --import tsx bench/suite/search.ts --searches ${searchCount} --queries ${vocabulary} --connections ${connections} --seconds ${seconds}`,
      "```",
      "",
      `${machineDescription()}; ${new Date().toISOString().slice(0, 10)}. Local Postgres and Redis; gateway, catalog (and auth, billing) each a process of its own, the bench's client in another, on the same two cores; the gateway's search limit per client address and catalog's daily quota lifted; load average ${loadBefore.toFixed(1)} before the run.`,
      "",
      `Searches: ${searchCount}, one at a time, of queries drawn from a Zipf distribution (exponent ${ZIPF_EXPONENT}) over ${vocabulary} distinct queries (seed ${SEED}): ${seen.size} distinct asked, **${(repeatShare * 100).toFixed(1)} % repeats** within the cache's 24 hours, ${retypedCount} typed with other capitals or spacing. Each topic has ${CHANNELS_PER_TOPIC} channels, so every answer holds ${CHANNELS_PER_TOPIC}.`,
      "",
      markdownTable(
        ["measure", "result"],
        [
          [
            "Data API calls",
            `${stack.youtube.calls.search} search.list + ${stack.youtube.calls.channels} channels.list`,
          ],
          [
            "**units per 1,000 searches**",
            `**${Math.round(unitsPerThousand).toLocaleString("en")}** (without the cache: ${(UNITS_PER_UNCACHED_SEARCH * 1000).toLocaleString("en")})`,
          ],
          [
            `searches a day within the ${SEARCH_BUDGET_UNITS.toLocaleString("en")}-unit search budget`,
            `${searchesPerDay} (${Math.floor(SEARCH_BUDGET_UNITS / UNITS_PER_UNCACHED_SEARCH)} if none repeated)`,
          ],
          [
            "cache hit through the gateway, one at a time: p50 / p99",
            `**${ms(percentile(hits, 0.5))} / ${ms(percentile(hits, 0.99))}** (${hits.length} hits)`,
          ],
          [
            "cache miss (fake Data API answers at once): p50 / p99",
            `${ms(percentile(misses, 0.5))} / ${ms(percentile(misses, 0.99))} (${misses.length} misses)`,
          ],
          [
            `cache hits under load through the gateway (${connections} connections, the ${HOT_QUERIES} most asked queries, ${seconds} s): req/s, p50 / p99`,
            `${underLoad.requestsPerSecond.toFixed(0)}, ${underLoad.latencyP50Ms} / ${underLoad.latencyP99Ms} ms`,
          ],
          [
            "… the same from catalog directly",
            `${direct.requestsPerSecond.toFixed(0)}, ${direct.latencyP50Ms} / ${direct.latencyP99Ms} ms (gateway ÷ direct ${gatewayShare.toFixed(2)})`,
          ],
        ],
      ),
    ].join("\n"),
  );
} finally {
  await stack.stop();
}
