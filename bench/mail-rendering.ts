/**
 * The mailer's templates: MJML compiled once at start (in a child process), then each message filled
 * by string joins. Prints the start-up compile time, how many MJML compilations the whole run made
 * (one per template, however many messages), the resident memory after compiling (MJML itself never
 * loads in this process), the per-message render time and HTML size of a long digest and a sign-in
 * link, where the bytes of a digest's whole message go (composed and DKIM-signed as it is sent), and the
 * CPU that composing and signing takes a message (nodemailer's MIME and encodings, the DKIM signature).
 *
 *   npx tsx bench/mail-rendering.ts [--runs 2000] [--channels 10] [--videos 5]
 */
import { parseArgs } from "node:util";
import { signedSampleMail } from "../services/mailer/src/adapters/mail-transport/signed-sample-mail.ts";
import { compileMjml, type MjmlSource } from "../services/mailer/src/templates/compile-mjml.ts";
import { compileTemplates } from "../services/mailer/src/templates/compile-templates.ts";
import {
  SAMPLE_DATA,
  SAMPLE_SITE,
  sampleDigest,
} from "../services/mailer/src/templates/sample-template-data.ts";
import { TEMPLATE_SOURCES } from "../services/mailer/src/templates/sources/index.ts";
import type { TemplateData } from "../services/mailer/src/templates/template-data.ts";

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

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

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
  console.error(`${label}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, HTML ${kb(bytes)}`);
}

/** A digest as it goes out: composed as the SMTP transport composes it, with its headers, and signed. */
const signed = signedSampleMail();

const bytesOf = (html: string, pattern: RegExp) =>
  [...html.matchAll(pattern)].reduce((sum, match) => sum + Buffer.byteLength(match[0]), 0);

/** Where a digest's message bytes go: its parts as sent, and what the HTML is made of before encoding. */
async function printMessageParts(label: string, data: TemplateData["digest"]): Promise<void> {
  const mail = templates.render("digest", data);
  const message = (await signed("digest", data, mail)).toString("utf8");
  const headers = message.slice(0, message.indexOf("\r\n\r\n"));
  const html = Buffer.byteLength(mail.html);
  console.error(
    `${label}: whole message ${kb(Buffer.byteLength(message))} (headers ${kb(Buffer.byteLength(headers))}); ` +
      `HTML ${kb(html)} (head and its CSS ${kb(Buffer.byteLength(mail.html.slice(0, mail.html.indexOf("<body"))))}, ` +
      `style attributes ${kb(bytesOf(mail.html, / style="[^"]*"/g))}, ` +
      `link and picture addresses ${kb(bytesOf(mail.html, / (?:href|src)="[^"]*"/g))}, ` +
      `tables ${kb(bytesOf(mail.html, /<\/?(?:table|tbody|tr|td)\b[^>]*>/g))}); ` +
      `text part ${kb(Buffer.byteLength(mail.text))} (addresses ${kb(bytesOf(mail.text, /https?:\/\/\S+/g))})`,
  );
}

/** The CPU one digest's composition and signature take, as the SMTP transport does them for every reader. */
async function printCompositionCpu(label: string, data: TemplateData["digest"]): Promise<void> {
  const mail = templates.render("digest", data);
  for (let run = 0; run < 20; run += 1) await signed("digest", data, mail);
  const messages = Math.max(50, Math.floor(runs / 5));
  const before = process.cpuUsage();
  for (let run = 0; run < messages; run += 1) await signed("digest", data, mail);
  const used = process.cpuUsage(before);
  const ms = (used.user + used.system) / 1000 / messages;
  console.error(
    `${label}: composed and signed in ${ms.toFixed(2)} ms of CPU a message (${messages} messages)`,
  );
}

const digest = sampleDigest(Number(values.channels), Number(values.videos));
const digestLabel = `digest (${values.channels} channels × ${values.videos} videos)`;
measure(digestLabel, () => templates.render("digest", digest).html);
measure("sign-in link", () => templates.render("sign-in-link", SAMPLE_DATA["sign-in-link"]).html);
await printMessageParts(digestLabel, digest);
await printCompositionCpu(digestLabel, digest);

console.error(`compile at start ${compileMs.toFixed(0)} ms, resident ${rssMb.toFixed(0)} MB after compiling`);
console.error(
  `MJML compilations in the run: ${compilations} (templates: ${Object.keys(TEMPLATE_SOURCES).length}, messages rendered: ${2 * (runs + 50)})`,
);
