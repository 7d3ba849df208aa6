/**
 * `make test`'s spam check: every e-mail the product sends, rendered from its sample data with the
 * headers and DKIM signature it goes out with, is scored by SpamAssassin (Debian's package, its default
 * rules, offline: no network tests). Each must score 0.5 or less and hit no rule that counts against it;
 * the informational ones (±0.001: "HTML included", "not relayed") and the ones in its favour are fine.
 * Writes every e-mail's score and size to docs/testing.md. Without spamassassin it warns and passes,
 * unless REQUIRE_SPAMASSASSIN=1 (CI installs it).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { markdownTable, recordDocSection } from "../bench/support/performance-report.ts";
import { signedSampleMail } from "../services/mailer/src/adapters/mail-transport/signed-sample-mail.ts";
import { compileTemplates } from "../services/mailer/src/templates/compile-templates.ts";
import {
  SAMPLE_DATA,
  SAMPLE_SITE,
  sampleDigest,
} from "../services/mailer/src/templates/sample-template-data.ts";
import type { TemplateData } from "../services/mailer/src/templates/template-data.ts";
import { TEMPLATE_NAMES, type TemplateName } from "../services/mailer/src/templates/template-names.ts";

const MAX_SCORE = 0.5;
// Informational rules score ±0.001 so that they show; anything more counts.
const COUNTS_AGAINST = 0.01;
const TESTING_DOC = path.resolve(import.meta.dirname, "../docs/testing.md");

/** One e-mail to score: a template and the data it is filled with. */
interface Sample {
  label: string;
  template: TemplateName;
  data: TemplateData[TemplateName];
}

interface Scored {
  label: string;
  score: number;
  rules: { name: string; score: number }[];
  htmlBytes: number;
  messageBytes: number;
}

if (spawnSync("spamassassin", ["-V"]).error) {
  const message =
    "spamassassin is not installed (apt-get install spamassassin): the e-mails' spam scores were not checked";
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: read by this script alone, never by a turbo task.
  if (process.env.REQUIRE_SPAMASSASSIN === "1") {
    console.error(message);
    process.exit(1);
  }
  console.warn(`WARNING: ${message}`);
  process.exit(0);
}

const templates = await compileTemplates(SAMPLE_SITE);
// Composed as the SMTP transport composes it, and signed as production signs it.
const signed = signedSampleMail();

/** A sample rendered, composed as the SMTP transport composes it, and signed: its HTML and the whole message. */
async function compose({ template, data }: Sample): Promise<{ html: string; message: Buffer }> {
  const mail = templates.render(template, data as never);
  return { html: mail.html, message: await signed(template, data as never, mail) };
}

const work = mkdtempSync(path.join(tmpdir(), "spam-check-"));
const prefs = path.join(work, "user_prefs");
writeFileSync(prefs, "");

type Verdict = Pick<Scored, "score" | "rules">;

/** The verdict in the headers SpamAssassin added to one message: its score and each rule hit, with its score. */
function verdictOf(message: string): Verdict {
  const headers = message.slice(0, message.search(/\n\n/)).replace(/\n[ \t]+/g, " ");
  const score = /^X-Spam-Score: (-?[\d.]+)/m.exec(headers)?.[1];
  if (score === undefined) throw new Error(`spamassassin gave no score:\n${headers}`);
  const rules = /^X-Spam-Rules: (.*)$/m.exec(headers)?.[1] ?? "";
  return {
    score: Number(score),
    rules: rules
      .split(",")
      .filter(Boolean)
      .map((rule) => {
        const [name = "", value = "0"] = rule.trim().split("=");
        return { name, score: Number(value) };
      }),
  };
}

const MBOX_SEPARATOR = "From check@tubedigest.example Thu Nov 26 09:00:00 2026";

/** A message's Message-ID header: SpamAssassin's mbox run may answer in another order. */
const messageIdOf = (message: string) => /^Message-ID: (<[^>]+>)/im.exec(message)?.[1];

/**
 * SpamAssassin's verdicts on `messages`, in their order: one run over them all as an mbox, since loading
 * its rules takes most of a run's second.
 */
function spamAssassin(messages: Buffer[]): Promise<Verdict[]> {
  const mbox = messages
    .map((message) => {
      // mbox escapes body lines that look like a separator; its lines end in LF.
      const text = message
        .toString("utf8")
        .replace(/\r\n/g, "\n")
        .replace(/^(>*From )/gm, ">$1");
      return `${MBOX_SEPARATOR}\n${text}\n`;
    })
    .join("\n");
  return new Promise((resolve, reject) => {
    const child = spawn("spamassassin", [
      "--local",
      "--mbox",
      `--prefspath=${prefs}`,
      "--cf=use_bayes 0",
      "--cf=add_header all Score _SCORE_",
      "--cf=add_header all Rules _TESTSSCORES(,)_",
    ]);
    const output: Buffer[] = [];
    const errors: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => errors.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const scored = Buffer.concat(output).toString("utf8").split(`${MBOX_SEPARATOR}\n`).slice(1);
      if (code !== 0 || scored.length !== messages.length) {
        const stderr = Buffer.concat(errors).toString("utf8").trim();
        return reject(
          new Error(`spamassassin failed (exit ${code}, ${scored.length} messages back): ${stderr}`),
        );
      }
      try {
        const byId = new Map(scored.map((message) => [messageIdOf(message), verdictOf(message)]));
        resolve(
          messages.map((message) => {
            const verdict = byId.get(messageIdOf(message.toString("utf8")));
            if (!verdict) throw new Error("spamassassin did not answer for every message");
            return verdict;
          }),
        );
      } catch (error) {
        reject(error);
      }
    });
    child.stdin.end(mbox);
  });
}

const samples: Sample[] = TEMPLATE_NAMES.map((template) => ({
  label: template,
  template,
  data: SAMPLE_DATA[template],
}));
// The longest digest there can be: cut before 90 KB of HTML, since Gmail clips a message at about 102 KB.
samples.push({
  label: "digest, 10 channels × 5 videos (cut to fit)",
  template: "digest",
  data: sampleDigest(10, 5),
});

let results: Scored[];
try {
  const composed = await Promise.all(samples.map(compose));
  const verdicts = await spamAssassin(composed.map(({ message }) => message));
  results = samples.map(({ label }, index) => ({
    label,
    ...(verdicts[index] as Verdict),
    htmlBytes: Buffer.byteLength(composed[index]?.html ?? ""),
    messageBytes: composed[index]?.message.length ?? 0,
  }));
} finally {
  rmSync(work, { recursive: true, force: true });
}

const version = /version ([\d.]+)/.exec(spawnSync("spamassassin", ["-V"]).stdout.toString())?.[1] ?? "?";
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sizes = (bytes: number[]) => {
  const [least, most] = [Math.min(...bytes), Math.max(...bytes)];
  return least === most ? kilobytes(least) : `${kilobytes(least)}–${kilobytes(most)}`;
};
const rulesHit = (result: Scored) => result.rules.map((rule) => `${rule.name} (${rule.score})`).join(", ");
// E-mails SpamAssassin judged alike share a row, so the table stays short however many templates exist.
const alike = new Map<string, Scored[]>();
for (const result of results) {
  const verdict = `${result.score.toFixed(1)} ${rulesHit(result)}`;
  alike.set(verdict, [...(alike.get(verdict) ?? []), result]);
}
const table = markdownTable(
  ["e-mails", "score", "rules hit (score)", "HTML", "whole message"],
  [...alike.values()].map((group) => [
    group.map((result) => result.label).join(", "),
    (group[0] as Scored).score.toFixed(1),
    rulesHit(group[0] as Scored),
    sizes(group.map((result) => result.htmlBytes)),
    sizes(group.map((result) => result.messageBytes)),
  ]),
);
recordDocSection(
  TESTING_DOC,
  "check:mail-spam-score",
  `SpamAssassin ${version}, Debian's default rules, offline (\`spamassassin --local\`, no Bayes), on each e-mail\nas it goes out (sample data, its headers, DKIM-signed); written by \`make mail-spam-score\`.\n\n${table}`,
);

const failures = results.flatMap((result) => [
  ...(result.score > MAX_SCORE ? [`${result.label} scores ${result.score} (at most ${MAX_SCORE})`] : []),
  ...result.rules
    .filter((rule) => rule.score > COUNTS_AGAINST)
    .map((rule) => `${result.label} hits ${rule.name} (${rule.score})`),
]);
for (const failure of failures) console.error(failure);
if (failures.length > 0) process.exit(1);
process.stdout.write(
  `mail spam score: ${results.length} e-mails, all at most ${MAX_SCORE} with no rule against them (docs/testing.md)\n`,
);
