/**
 * The newsletter preview as `make start` serves it with no keys (demo catalog, demo transcripts, the
 * embedded extractive writer, one PGlite): the first preview of two demo channels (cold: each video
 * described, its transcript stored, summarised and stored) and then the same preview again and again
 * (warm: every summary from storage), through the gateway over HTTP. Then the extractive writer alone on
 * the demo catalog's longest transcript.
 *
 *   npx tsx bench/newsletter-preview.ts [--warm 200] [--channels 2]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "@tubedigest/config";
import { StandaloneEnvironment, startProduct } from "@tubedigest/standalone";
import { createExtractiveSummaryWriter } from "../services/summariser/src/adapters/summary-writers/extractive-summary-writer.ts";
import { createDemoTranscriptSource } from "../services/summariser/src/demo/demo-transcripts.ts";

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
  // Every video is a heading; only the one shown readable is summarised, the rest are titles.
  const videos = (cold.content.match(/^### /gm) ?? []).length;
  const summarised =
    videos - (cold.content.match(/^_Summarised in your weekly newsletter\._$/gm) ?? []).length;

  const times: number[] = [];
  for (let run = 0; run < warmRuns; run++) {
    started = performance.now();
    await post("/api/generate-newsletter-preview", payload);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
  const rssAfter = process.memoryUsage().rss;

  console.error(
    `channels ${channels.length}, videos ${videos}, summarised ${summarised}, pending ${cold.pending}`,
  );
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

// "The history of tiny satellites, explained slowly" (1 h 03 min), the demo catalog's longest.
const longest = {
  videoId: "y1SQRN6-luf",
  title: "The history of tiny satellites",
  description: "",
  durationSeconds: 3_820,
};
const transcript = await createDemoTranscriptSource().fetch({ videoId: longest.videoId });
const writer = createExtractiveSummaryWriter();
// The product above has loaded the NLP model already: this measures summarising alone.
await writer.write({ video: longest, transcript });
const writes: number[] = [];
for (let run = 0; run < 50; run++) {
  const started = performance.now();
  await writer.write({ video: longest, transcript });
  writes.push(performance.now() - started);
}
writes.sort((a, b) => a - b);
console.error(
  `extractive writer, 1 h 03 min transcript: p50 ${writes[25]?.toFixed(1)} ms, p95 ${writes[47]?.toFixed(1)} ms over 50 runs`,
);
