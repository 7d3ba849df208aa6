/**
 * The mailer's templates: MJML compiled once at start (in a child process), then each message filled
 * by string joins. Prints the start-up compile time, how many MJML compilations the whole run made
 * (one per template, however many messages), the resident memory after compiling (MJML itself never
 * loads in this process), and the per-message render time and HTML size of a long digest and a
 * sign-in link.
 *
 *   npx tsx bench/mail-rendering.ts [--runs 2000] [--channels 10] [--videos 5]
 */
import { parseArgs } from "node:util";
import { compileMjml, type MjmlSource } from "../services/mailer/src/templates/compile-mjml.ts";
import { compileTemplates } from "../services/mailer/src/templates/compile-templates.ts";
import {
  SAMPLE_DATA,
  SAMPLE_SITE,
  sampleDigest,
} from "../services/mailer/src/templates/sample-template-data.ts";
import { TEMPLATE_SOURCES } from "../services/mailer/src/templates/sources/index.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "2000" },
    channels: { type: "string", default: "10" },
    videos: { type: "string", default: "5" },
  },
});
const runs = Number(values.runs);

let compilations = 0;
const countingCompile = (sources: MjmlSource[]) => {
  compilations += sources.length;
  return compileMjml(sources);
};

const startedAt = performance.now();
const templates = await compileTemplates(SAMPLE_SITE, TEMPLATE_SOURCES, countingCompile);
const compileMs = performance.now() - startedAt;
const rssMb = process.memoryUsage().rss / 2 ** 20;

function measure(label: string, render: () => string): void {
  for (let run = 0; run < 50; run += 1) render();
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < runs; run += 1) {
    const before = performance.now();
    bytes = Buffer.byteLength(render());
    times.push(performance.now() - before);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => (times[Math.floor(share * (times.length - 1))] ?? 0).toFixed(3);
  console.error(`${label}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, HTML ${(bytes / 1024).toFixed(1)} KB`);
}

const digest = sampleDigest(Number(values.channels), Number(values.videos));
measure(
  `digest (${values.channels} channels × ${values.videos} videos)`,
  () => templates.render("digest", digest).html,
);
measure("sign-in link", () => templates.render("sign-in-link", SAMPLE_DATA["sign-in-link"]).html);

console.error(`compile at start ${compileMs.toFixed(0)} ms, resident ${rssMb.toFixed(0)} MB after compiling`);
console.error(
  `MJML compilations in the run: ${compilations} (templates: ${Object.keys(TEMPLATE_SOURCES).length}, messages rendered: ${2 * (runs + 50)})`,
);
