/**
 * The web app as a visitor gets it:
 *
 * 1. The landing page's initial JavaScript, gzipped, counted as docs/performance.md ("Web") counts it:
 *    the entry chunk web/dist/index.html names and its static imports, plus the landing page's chunk and
 *    its imports (target: under 80 kB), plus the header's account link fetched beside it.
 * 2. Lighthouse's performance and accessibility scores (0–100) for `/` and `/preview`, mobile (its
 *    default: a mid-range phone on a slow 4G link, simulated) and desktop, in Debian's Chromium, against
 *    the product as `make start` runs it (in this process, embedded parts, a fresh data folder).
 *    `/preview` shows the newsletter preview of the channels and e-mail the landing page leaves in
 *    session storage: the bench writes the same keys into the tab before Lighthouse loads the page, and
 *    asks for that preview once beforehand, so the summaries exist (what any later visitor of the same
 *    channels gets) and the page does not wait on their first writing.
 *
 *   npm run build -w @tubedigest/web   # `make bench` builds first
 *   node --import tsx bench/suite/web.ts [--form-factors mobile,desktop]
 */
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { landingPageJavaScript } from "../support/initial-javascript.ts";
import {
  type FormFactor,
  type LighthouseScores,
  launchHeadlessChromium,
} from "../support/lighthouse-audit.ts";
import { machineDescription, markdownTable, recordInPerformanceDoc } from "../support/performance-report.ts";
import { startEmbeddedProduct, WEB_DIST } from "../support/start-embedded-product.ts";

const { values } = parseArgs({
  options: { "form-factors": { type: "string", default: "mobile,desktop" } },
});
const formFactors = (values["form-factors"] ?? "").split(",") as FormFactor[];
for (const formFactor of formFactors) {
  if (formFactor !== "mobile" && formFactor !== "desktop") {
    throw new Error(`--form-factors takes mobile and desktop, not ${JSON.stringify(formFactor)}`);
  }
}
const TARGET_KB = 80;
const PREVIEW_EMAIL = "bench-visitor@example.com";
/** A demo catalog search whose first channel the preview shows, as the browser tests use. */
const PREVIEW_QUERY = "orbit";

if (!existsSync(`${WEB_DIST}/index.html`)) {
  throw new Error(`${WEB_DIST}/index.html is missing: run \`npm run build -w @tubedigest/web\` first.`);
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const javaScript = landingPageJavaScript(WEB_DIST);
const landingVerdict = javaScript.landing.gzippedBytes < TARGET_KB * 1000 ? "met" : "missed";
const entryMatchesIndexHtml =
  [...javaScript.namedByIndexHtml].sort().join() === [...javaScript.entry.files].sort().join();
process.stdout.write(
  [
    `entry + eager imports: ${kB(javaScript.entry.gzippedBytes)} kB gzipped (${javaScript.entry.files.length} files: ${javaScript.entry.files.join(", ")})`,
    `  index.html's module and modulepreload scripts are ${entryMatchesIndexHtml ? "the same files" : `other files: ${javaScript.namedByIndexHtml.join(", ")}`}`,
    `+ landing chunk and its imports: ${kB(javaScript.landing.gzippedBytes)} kB = ${javaScript.landing.gzippedBytes} bytes (${javaScript.landing.files.length} files; target < ${TARGET_KB} kB: ${landingVerdict})`,
    `+ header account link: ${kB(javaScript.withHeaderAccount.gzippedBytes)} kB (${javaScript.withHeaderAccount.files.length} files)`,
    "",
  ].join("\n"),
);

// Whatever else runs on the machine competes for the same two cores: said beside the figures.
const loadBefore = loadavg()[0] ?? 0;
const product = await startEmbeddedProduct();
const chromium = await launchHeadlessChromium();
const audits: { page: string; formFactor: FormFactor; scores: LighthouseScores }[] = [];
const browserVersion = chromium.version;
try {
  const hits = (await (await fetch(`${product.url}/api/youtube/search?query=${PREVIEW_QUERY}`)).json()) as {
    id: string;
    snippet: { title: string };
  }[];
  const chosen = hits.slice(0, 1);
  const warmed = await fetch(`${product.url}/api/generate-newsletter-preview`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: PREVIEW_EMAIL,
      channels: chosen.map((hit) => ({ youtubeId: hit.id, title: hit.snippet.title })),
    }),
  });
  if (!warmed.ok) throw new Error(`the preview answered ${warmed.status}: ${await warmed.text()}`);
  const funnelState = { selectedChannels: JSON.stringify(chosen), userEmail: PREVIEW_EMAIL };

  for (const formFactor of formFactors) {
    for (const [page, state] of [
      ["/", {}],
      ["/preview", funnelState],
    ] as const) {
      const scores = await chromium.audit(`${product.url}${page}`, formFactor, state);
      audits.push({ page, formFactor, scores });
      const { metrics } = scores;
      process.stdout.write(
        `${page.padEnd(9)} ${formFactor.padEnd(8)} performance ${scores.performance}, accessibility ${scores.accessibility}  (FCP ${metrics.fcp.toFixed(0)} ms, LCP ${metrics.lcp.toFixed(0)} ms, TBT ${metrics.tbt.toFixed(0)} ms, CLS ${metrics.cls.toFixed(3)})\n`,
      );
      for (const opportunity of scores.opportunities) process.stdout.write(`    ${opportunity}\n`);
      for (const shift of scores.layoutShifts) process.stdout.write(`    layout shift: ${shift}\n`);
    }
  }
} finally {
  await chromium.close();
  await product.stop();
}

const sizeTable = markdownTable(
  ["what", "files", "gzipped"],
  [
    [
      "entry + what it imports eagerly",
      javaScript.entry.files.length,
      `${kB(javaScript.entry.gzippedBytes)} kB`,
    ],
    [
      `… plus the landing page's chunk and its imports (target < ${TARGET_KB} kB)`,
      javaScript.landing.files.length,
      `**${kB(javaScript.landing.gzippedBytes)} kB** (${javaScript.landing.gzippedBytes.toLocaleString("en")} bytes: ${landingVerdict})`,
    ],
    [
      "… plus the header's account link, fetched beside the page",
      javaScript.withHeaderAccount.files.length,
      `${kB(javaScript.withHeaderAccount.gzippedBytes)} kB`,
    ],
  ],
);
const scoreTable = markdownTable(
  [
    "page",
    "form factor",
    "performance",
    "accessibility",
    "FCP",
    "LCP",
    "TBT",
    "CLS",
    "Lighthouse's estimated savings",
  ],
  audits.map(({ page, formFactor, scores }) => [
    `\`${page}\``,
    formFactor,
    `**${scores.performance}**`,
    `**${scores.accessibility}**`,
    `${(scores.metrics.fcp / 1000).toFixed(1)} s`,
    `${(scores.metrics.lcp / 1000).toFixed(1)} s`,
    `${scores.metrics.tbt.toFixed(0)} ms`,
    scores.metrics.cls.toFixed(3),
    scores.opportunities.join("; "),
  ]),
);
const lighthouseVersion = audits[0]?.scores.lighthouseVersion ?? "?";
const shifted = audits.flatMap(({ page, formFactor, scores }) =>
  scores.layoutShifts.map((shift) => `${page} ${formFactor}: ${shift}`),
);
recordInPerformanceDoc(
  "web",
  [
    "```",
    `npm run build -w @tubedigest/web && node --import tsx bench/suite/web.ts --form-factors ${formFactors.join(",")}`,
    "```",
    "",
    `${machineDescription()}; ${new Date().toISOString().slice(0, 10)}; ${browserVersion} (Debian's Chromium), Lighthouse ${lighthouseVersion}; load average ${loadBefore.toFixed(1)} before the run.`,
    "",
    `Initial JavaScript of \`/\` (zlib at gzip's level 6, kB = 1,000 bytes; index.html's module and modulepreload scripts ${entryMatchesIndexHtml ? "are exactly the entry's set" : "differ from the entry's set"}):`,
    "",
    sizeTable,
    "",
    "Lighthouse, one run each (the product in the bench's process, on the same two cores as Chromium):",
    "",
    scoreTable,
    "",
    `Elements that moved after they were shown (each one's share of CLS): ${shifted.length > 0 ? shifted.join("; ") : "none"}.`,
  ].join("\n"),
);
