import { machineDescription, markdownTable } from "../../support/performance-report.ts";
import type { ExactlyOnceCheck } from "./exactly-once.ts";
import type { PipelineTimes } from "./pipeline-state.ts";
import type { ResourceUse } from "./resource-meter.ts";
import type { DigestRun } from "./run-digest.ts";
import type { Scenario } from "./scenario.ts";
import { histogramQuantile, metricValue } from "./service-metrics.ts";
import type { Acceptance } from "./sink-ledger.ts";
import { SINK_PROCESS } from "./start-services.ts";

/** Everything a run measured, as the report needs it. */
export interface RunFigures {
  settings: {
    users: number;
    channels: number;
    followsPerUser: number;
    videosPerChannel: number;
    llmLatencyMs: number;
    llmConcurrency: number;
    digestConcurrency: number;
  };
  scenario: Scenario;
  seedingSeconds: number;
  run: DigestRun;
  /** Memory and CPU from digest.due to the last check. */
  resources: ResourceUse;
  times: PipelineTimes;
  /** Every message the sink accepted: all of them digests, as nothing else is mailed in the run. */
  acceptances: Acceptance[];
  check: ExactlyOnceCheck;
  /** Counted at the fake model: calls received, and the most ever in flight at once. */
  model: { calls: number; maxInFlight: number };
  youtubeUnits: number;
  /** /metrics text of the summariser at the end, and of the mailer before digest.due and at the end. */
  metrics: { summariser: string; mailerBefore: string; mailer: string };
}

const MB = 2 ** 20;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const millis = (value: number) => `${value.toFixed(2)} ms`;
const thousands = (value: number) => value.toLocaleString("en-GB");

/** The run's figures: one text for the terminal, one Markdown body for docs/performance.md. */
export function describeRun(figures: RunFigures, command: string): { text: string; markdown: string } {
  const { settings, run, times, acceptances, check, model, resources } = figures;
  const firstAccepted = Math.min(...acceptances.map((acceptance) => acceptance.atMs));
  const lastAccepted = Math.max(...acceptances.map((acceptance) => acceptance.atMs));
  const wallMs = lastAccepted - run.startedAt;
  const videos = times.summariesReady;
  const boundMs = Math.ceil(videos / settings.llmConcurrency) * settings.llmLatencyMs;
  const sinkRate = acceptances.length / ((lastAccepted - firstAccepted) / 1000);
  const meanKb =
    acceptances.reduce((sum, acceptance) => sum + acceptance.bytes, 0) / acceptances.length / 1024;

  const { mailer, mailerBefore, summariser } = figures.metrics;
  const compiledAtStart = metricValue(mailerBefore, "mailer_templates_compiled_total");
  const compiledInRun = metricValue(mailer, "mailer_templates_compiled_total") - compiledAtStart;
  const digest = { template: "digest" };
  const renders = metricValue(mailer, "mailer_render_seconds_count", digest);
  const renderMeanMs = (metricValue(mailer, "mailer_render_seconds_sum", digest) / renders) * 1000;
  const renderP99Ms = histogramQuantile(mailer, "mailer_render_seconds", digest, 0.99) * 1000;
  const composed = metricValue(summariser, "summariser_digests_total", { outcome: "composed" });
  const others = figures.scenario.users.length - figures.scenario.recipients.length;

  // The sink stands for the mail servers outside: not the product's CPU.
  const productCpuSeconds =
    Object.entries(resources.processes)
      .filter(([name]) => name !== SINK_PROCESS)
      .reduce((sum, [, usage]) => sum + usage.cpuSeconds, 0) +
    Object.values(resources.infraCpuSeconds).reduce((sum, cpuSeconds) => sum + cpuSeconds, 0);
  // The glances are model calls too, made within the same LLM_CONCURRENCY as the summaries.
  const allCallsBoundMs = Math.ceil(model.calls / settings.llmConcurrency) * settings.llmLatencyMs;
  const targets = markdownTable(
    ["measure", "target", "result"],
    [
      [
        "digest.due → last e-mail accepted",
        `≤ 1.3 × ⌈${thousands(model.calls)}/${settings.llmConcurrency}⌉ × ${settings.llmLatencyMs} ms = ${seconds(allCallsBoundMs * 1.3)} (every model call the run made)`,
        `**${seconds(wallMs)}**, ${(wallMs / allCallsBoundMs).toFixed(2)} × the bound of ${seconds(allCallsBoundMs)}; ${(wallMs / boundMs).toFixed(2)} × the summaries' alone (${seconds(boundMs)})`,
      ],
      [
        "CPU of the product's processes a digest (services, Postgres, RabbitMQ, Redis)",
        "≤ 10 ms",
        `**${millis((productCpuSeconds * 1000) / composed)}**`,
      ],
      [
        // The fake model also answers each digest's week-at-a-glance, one call per digest: counted apart.
        "summary model calls per distinct video",
        "1.00",
        `**${(times.llmCallsRecorded / videos).toFixed(2)}** (${thousands(times.llmCallsRecorded)} calls recorded by the summaries, ${thousands(videos)} videos; the fake model answered ${thousands(model.calls)} calls in all, the digests' glances included)`,
      ],
      [
        "MJML compilations (mailer_templates_compiled_total)",
        "= templates, at start only",
        `**${compiledAtStart}** at start, **${compiledInRun}** during the run`,
      ],
      [
        "digest render in the mailer, mean / p99",
        "—",
        `**${millis(renderMeanMs)} / ${millis(renderP99Ms)}** over ${thousands(renders)} renders`,
      ],
      [
        "e-mails/s into the sink, first to last",
        "—",
        `**${sinkRate.toFixed(0)}/s** (${thousands(acceptances.length)} in ${seconds(lastAccepted - firstAccepted)}; mean ${meanKb.toFixed(1)} KB)`,
      ],
      [
        "exactly once",
        "each recipient 1, everyone else 0",
        check.passed
          ? `**passed**: ${thousands(check.once)} recipients once each, the ${thousands(others)} others none`
          : `**FAILED**: ${check.missing.length} got none, ${check.duplicated.length} more than one, ` +
            `${check.wronglyMailed.length} ineligible mailed, ${check.strangers.length} unknown addresses`,
      ],
    ],
  );

  const since = (at: number) => seconds(at - run.startedAt);
  const span = (first: number, last: number) => `${since(first)}–${since(last)}`;
  const stages =
    `After digest.due: digests queued by the fan-out by ${since(times.fannedOutAt)}; summaries made ${span(times.firstSummaryAt, times.lastSummaryAt)}; ` +
    `newsletters composed ${span(times.firstNewsletterAt, times.lastNewsletterAt)}; messages queued by the mailer ${span(times.firstQueuedMailAt, times.lastQueuedMailAt)}; ` +
    `accepted by the sink ${span(firstAccepted, lastAccepted)}.`;

  const perDigest = (cpuSeconds: number) => millis((cpuSeconds * 1000) / composed);
  const processRows = Object.entries(resources.processes).map(([name, usage]) => [
    name,
    `${(usage.peakRssBytes / MB).toFixed(0)} MB`,
    `${(usage.rssAtStartBytes / MB).toFixed(0)} MB`,
    seconds(usage.cpuSeconds * 1000),
    perDigest(usage.cpuSeconds),
  ]);
  const servicesCpu = Object.values(resources.processes).reduce((sum, usage) => sum + usage.cpuSeconds, 0);
  const infraCpu = Object.values(resources.infraCpuSeconds).reduce((sum, cpuSeconds) => sum + cpuSeconds, 0);
  const rest = resources.machine.busySeconds - servicesCpu - resources.benchCpuSeconds - infraCpu;
  processRows.push(
    [
      "the bench (fake model, Data API, caption pages)",
      "—",
      "—",
      seconds(resources.benchCpuSeconds * 1000),
      perDigest(resources.benchCpuSeconds),
    ],
    ...Object.entries(resources.infraCpuSeconds).map(([name, cpuSeconds]) => [
      `${name} (anyone's use)`,
      "—",
      "—",
      seconds(cpuSeconds * 1000),
      perDigest(cpuSeconds),
    ]),
    ["anything else on the machine", "—", "—", seconds(rest * 1000), "—"],
  );
  const processes = markdownTable(
    ["process", "peak RSS in the run", "RSS at digest.due", "CPU in the run", "CPU per digest"],
    processRows,
  );

  const kinds = new Map<string, number>();
  for (const user of figures.scenario.users) kinds.set(user.kind, (kinds.get(user.kind) ?? 0) + 1);
  const population = [...kinds].map(([kind, count]) => `${thousands(count)} ${kind}`).join(", ");
  const busyShare = resources.machine.busySeconds / resources.machine.totalSeconds;
  const markdown = [
    "```",
    command,
    "```",
    "",
    `${machineDescription()}; ${new Date().toISOString().slice(0, 10)}. ${thousands(settings.users)} users (${population}), ` +
      `${thousands(settings.channels)} channels, ${settings.followsPerUser} followed by each user, ${settings.videosPerChannel} new videos a channel, no summary made yet; ` +
      `the model answers in ${settings.llmLatencyMs} ms, ${settings.llmConcurrency} calls at once (LLM_CONCURRENCY); DIGEST_CONCURRENCY ${settings.digestConcurrency}. ` +
      `Seeding took ${seconds(figures.seedingSeconds * 1000)}. During the run the two cores were ${(busyShare * 100).toFixed(0)} % busy; ` +
      `load average ${resources.loadAverage.atStart.toFixed(1)} at digest.due, ${resources.loadAverage.atEnd.toFixed(1)} at the end.`,
    "",
    targets,
    "",
    stages,
    "",
    processes,
    "",
    `${thousands(composed)} digests composed; ${thousands(figures.youtubeUnits)} Data API units spent (catalog's upload checks and video descriptions); ` +
      `at most ${model.maxInFlight} model calls in flight; the summaries record ${thousands(times.llmCallsRecorded)} model calls, ` +
      `${thousands(times.summariesFromCaptions)} summaries made from their captions, ${times.summariesNotReady} not ready, ` +
      `at most ${times.mostSummaryAttempts} attempt(s) at one.`,
  ].join("\n");
  return { text: markdown.replaceAll("**", ""), markdown };
}
