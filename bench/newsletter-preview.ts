/**
 * The newsletter preview as `make start` serves it with no keys (demo catalog, demo transcripts, the
 * embedded extractive writer, one PGlite): the first preview of two demo channels (cold: each video
 * described, its transcript stored, summarised and stored) and then the same preview again and again
 * (warm: every summary from storage), through the gateway over HTTP. Also the writer alone on the demo
 * catalog's longest transcript.
 *
 *   npx tsx bench/newsletter-preview.ts [--warm 200] [--channels 2]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "@tubedigest/config";
import { StandaloneEnvironment, startProduct } from "@tubedigest/standalone";

const { values } = parseArgs({
  options: { warm: { type: "string", default: "200" }, channels: { type: "string", default: "2" } },
});
const warmRuns = Number(values.warm);

const dataDir = mkdtempSync(path.join(tmpdir(), "td-bench-preview-"));
const product = await startProduct(
  loadConfig(StandaloneEnvironment, {
    PORT: "0",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SUMMARY_RATE_LIMIT: "100000",
  }),
);
try {
  const post = async (url: string, body: unknown) => {
    const response = await fetch(`${product.url}${url}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<{ content: string; pending: number }>;
  };
  const hits = (await (await fetch(`${product.url}/api/youtube/search?query=demo`)).json()) as {
    id: string;
    snippet: { title: string };
  }[];
  const channels = hits
    .slice(0, Number(values.channels))
    .map((hit) => ({ youtubeId: hit.id, title: hit.snippet.title }));
  const payload = { email: "bench@example.com", channels };

  const rssBefore = process.memoryUsage().rss;
  let started = performance.now();
  const cold = await post("/api/generate-newsletter-preview", payload);
  const coldMs = performance.now() - started;
  const videos = (cold.content.match(/^### /gm) ?? []).length;

  const times: number[] = [];
  for (let run = 0; run < warmRuns; run++) {
    started = performance.now();
    await post("/api/generate-newsletter-preview", payload);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
  const rssAfter = process.memoryUsage().rss;

  console.error(`channels ${channels.length}, videos summarised ${videos}, pending ${cold.pending}`);
  console.error(`cold preview ${coldMs.toFixed(0)} ms`);
  console.error(
    `warm preview over ${warmRuns} runs: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms`,
  );
  console.error(
    `process RSS ${(rssBefore / 2 ** 20).toFixed(0)} MiB before the first preview, ${(rssAfter / 2 ** 20).toFixed(0)} MiB after`,
  );
} finally {
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
